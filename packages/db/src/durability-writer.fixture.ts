// Writes firms one at a time and prints "ack N" after each insert returns, until it is killed.
// Used by durability.integration.test.ts; the argument is a PGlite data directory or a server URL.
import { connectDatabase } from './connect.ts';
import { migrateDatabase } from './migrate.ts';
import { firms } from './schema/index.ts';

const target = process.argv[2];
if (!target) throw new Error('usage: durability-writer.fixture.ts <data-dir | postgres-url>');
const database = await connectDatabase(
  target.startsWith('postgres')
    ? { kind: 'postgres', url: target }
    : { kind: 'pglite', dataDir: target },
);
await migrateDatabase(database);
process.stdout.write('ready\n');
for (let n = 1; ; n++) {
  await database.db.insert(firms).values({ name: `durable-${n}` });
  process.stdout.write(`ack ${n}\n`);
}
