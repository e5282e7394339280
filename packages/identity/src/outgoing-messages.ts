import type { OutgoingMessage } from './delivery/message-transport.ts';

/** The texts people receive. Each carries the link or code itself, never a reference to it. */
export function magicLinkEmail(
  to: string,
  projectName: string,
  link: string,
  minutes: number,
): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `Your sign-in link for ${projectName}`,
    text: [
      `Sign in to ${projectName} by opening this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not ask to sign in, you can ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetEmail(
  to: string,
  projectName: string,
  link: string,
  minutes: number,
): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `Reset your ${projectName} password`,
    text: [
      `Someone asked to reset the password of your ${projectName} account.`,
      'Choose a new password by opening this link:',
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, you can ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}

export function passcodeMessage(
  channel: OutgoingMessage['channel'],
  to: string,
  projectName: string,
  code: string,
  minutes: number,
): OutgoingMessage {
  const text = `Your ${projectName} passcode is ${code}. It expires in ${minutes} minutes. Never share it.`;
  return {
    channel,
    to,
    subject: channel === 'email' ? `Your ${projectName} passcode: ${code}` : '',
    text,
  };
}
