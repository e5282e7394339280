import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder, workspaceDirs } from './repository-files.ts';

/**
 * What must never reach a log line (docs/architecture.md "Money": personal data is never logged): a tax id, a date of
 * birth, a password, a one-time token, a session JWT or any credential. Each rule names what it
 * found, so a finding can be reported without repeating the secret.
 */
export const SECRET_RULES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a session JWT', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { name: 'a credential header', pattern: /\b(Bearer|Basic)\s+[\w.~+/=-]{16,}/ },
  { name: 'a social security number', pattern: /\b\d{3}-\d{2}-\d{4}\b/ },
  { name: 'an employer identification number', pattern: /\b\d{2}-\d{7}\b/ },
  {
    name: 'a tax id or date of birth field',
    pattern: /"(tax_?id|ssn|ein|dob|date_of_birth|birth_?date)"\s*:/i,
  },
  {
    name: 'a password field',
    pattern: /"(password|new_password|old_password|existing_password|password_?hash)"\s*:/i,
  },
  {
    name: 'a token field',
    pattern:
      /"(token|session_token|session_jwt|access_token|refresh_token|id_token|code_verifier|secret)"\s*:\s*"/i,
  },
  { name: 'a token in a query string', pattern: /[?&](token|code|session_token)=[^&\s"]{6,}/i },
  {
    name: 'an authorization or cookie header',
    pattern: /"(authorization|cookie|set-cookie)"\s*:/i,
  },
];

/** The passwords the tests and the demo sign in with, read from the code that sets them. */
export function knownPasswords(): string[] {
  const literal = /(?:PASSWORD|password)\s*[=:]\s*'([^']{12,})'/g;
  const sources = workspaceDirs().flatMap((dir) => filesUnder(dir, /\.tsx?$/));
  const found = new Set<string>();
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
      if (match[1]) found.add(match[1]);
    }
  }
  return [...found];
}

export type Finding = { file: string; line: number; what: string };

/** Every line of `text` that holds a secret, by line number and kind, never by content. */
export function findSecrets(text: string, passwords: readonly string[] = []): Finding[] {
  const findings: Finding[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of SECRET_RULES) {
      if (rule.pattern.test(line)) findings.push({ file: '', line: index + 1, what: rule.name });
    }
    if (passwords.some((password) => line.includes(password))) {
      findings.push({ file: '', line: index + 1, what: 'a known password' });
    }
  });
  return findings;
}

/** Scans every log file of a directory; answers what was found and how much was read. */
export function scanLogDirectory(dir: string): {
  findings: Finding[];
  lines: number;
  files: number;
} {
  const passwords = knownPasswords();
  const files = readdirSync(dir).filter((name) => name.endsWith('.log'));
  let lines = 0;
  const findings = files.flatMap((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    lines += text.split('\n').filter(Boolean).length;
    return findSecrets(text, passwords).map((finding) => ({ ...finding, file: name }));
  });
  return { findings, lines, files: files.length };
}
