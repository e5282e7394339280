/**
 * `npm audit` of the production dependencies: fails on any high or critical advisory. When the
 * registry has no audit endpoint to answer (a mirror that serves packages only), it says the
 * dependencies could not be checked and does not fail, since nothing was found either way.
 */
import { spawnSync } from 'node:child_process';

type AuditAnswer = {
  statusCode?: number;
  message?: string;
  metadata?: { vulnerabilities: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
};

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
const answer = JSON.parse(run.stdout || '{}') as AuditAnswer;

if (!answer.metadata) {
  console.warn(
    `npm audit: the registry did not answer (${answer.message ?? run.stderr.trim()}); production dependencies not checked.`,
  );
  process.exit(0);
}

const counts = answer.metadata.vulnerabilities;
const serious = Object.entries(answer.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
console.info(
  `npm audit of production dependencies: ${Object.entries(counts)
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ')}`,
);
for (const [name, v] of serious) console.error(`  ${v.severity}: ${name}`);
process.exit(serious.length > 0 ? 1 : 0);
