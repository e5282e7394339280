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

/** An invitation: the first sign-in link a new user receives, from their firm. */
export function invitationEmail(
  to: string,
  invitation: { projectName: string; from: string; link: string; minutes: number },
): OutgoingMessage {
  const days = Math.round(invitation.minutes / (24 * 60));
  const lifetime =
    days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : `${invitation.minutes} minutes`;
  return {
    channel: 'email',
    to,
    subject: `${invitation.from} invites you to ${invitation.projectName}`,
    text: [
      `${invitation.from} has given you an account on ${invitation.projectName}.`,
      'Sign in for the first time by opening this link, then choose a password or a passkey:',
      '',
      invitation.link,
      '',
      `The link works once and expires in ${lifetime}.`,
      'If you did not expect this, you can ignore this message.',
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
