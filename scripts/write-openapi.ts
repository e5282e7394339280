/**
 * Writes docs/openapi.json from the contract's route table (`npm run openapi`). The document is
 * an output for readers and other tools, never an input: change the routes, then run this again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, routes } from '@ballast/contract';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = resolve(root, 'docs/openapi.json');
const contractPackage = JSON.parse(
  readFileSync(resolve(root, 'packages/contract/package.json'), 'utf8'),
) as { version: string };

const document = buildOpenApiDocument(routes, {
  title: 'Ballast provider API',
  version: contractPackage.version,
  // The server mounts the api under /api; a relative URL keeps the document host-independent.
  serverUrl: '/api',
});

mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${relative(process.cwd(), target)}`);
