import { type Database, schema } from '@ballast/db';
import { eq } from 'drizzle-orm';

export const DEMO_FIRM_NAME = 'Ballast Demo Advisors';

/** The demo firm every fresh start shows; created once, found on later starts. */
export async function seedDemoFirm(database: Database): Promise<{ id: string; name: string }> {
  const { firms } = schema;
  const [existing] = await database.db
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(eq(firms.name, DEMO_FIRM_NAME))
    .limit(1);
  if (existing) return existing;
  const [created] = await database.db
    .insert(firms)
    .values({ name: DEMO_FIRM_NAME })
    .returning({ id: firms.id, name: firms.name });
  if (!created) throw new Error('The demo firm could not be created.');
  return created;
}
