import { type Database, schema } from '@ballast/db';
import { ensurePasswordUser, type IdentityServices } from '@ballast/identity';
import { eq } from 'drizzle-orm';

export const DEMO_FIRM_NAME = 'Ballast Demo Advisors';

/** One demo user per advisor role, so every screen and permission can be tried at once. */
export const DEMO_USERS = [
  {
    role: 'ADMINISTRATOR',
    email: 'administrator@demo.ballast.test',
    password: 'Harbor lights steady the keel 41',
    firstName: 'Alice',
    lastName: 'Morgan',
  },
  {
    role: 'CIO',
    email: 'cio@demo.ballast.test',
    password: 'Yield curves bend toward dawn 27',
    firstName: 'Chen',
    lastName: 'Wei',
  },
  {
    role: 'OPERATIONS',
    email: 'operations@demo.ballast.test',
    password: 'Ledgers settle before noon 63',
    firstName: 'Olivia',
    lastName: 'Park',
  },
  {
    role: 'MANAGER',
    email: 'manager@demo.ballast.test',
    password: 'Quiet markets reward patience 85',
    firstName: 'Marcus',
    lastName: 'Reed',
  },
  {
    role: 'ADVISOR',
    email: 'advisor@demo.ballast.test',
    password: 'Municipal bonds outlast storms 19',
    firstName: 'Priya',
    lastName: 'Shah',
  },
] as const;

/** A small mark for the header: a keel on a navy tile. */
const DEMO_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Ballast Demo Advisors</title>' +
    '<rect width="64" height="64" rx="12" fill="#12355b"/><path d="M14 40h36l-6 10H20z" fill="#f2c14e"/>' +
    '<path d="M32 12v26M22 24h20" stroke="#fff" stroke-width="5" stroke-linecap="round"/></svg>',
);

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
    .values({ name: DEMO_FIRM_NAME, logo: DEMO_LOGO, logoContentType: 'image/svg+xml' })
    .returning({ id: firms.id, name: firms.name });
  if (!created) throw new Error('The demo firm could not be created.');
  return created;
}

/** The demo users as advisors of the demo firm, matched to their sign-ins by e-mail. */
export async function seedDemoAdvisors(database: Database, firmId: string): Promise<void> {
  await database.db
    .insert(schema.advisors)
    .values(
      DEMO_USERS.map((user) => ({
        firmId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      })),
    )
    .onConflictDoNothing({ target: schema.advisors.email });
}

/** Demo sign-ins for the seeded firm, created once in the identity project. */
export async function seedDemoUsers(
  database: Database,
  identity: IdentityServices,
  publicToken: string,
  firmId: string,
): Promise<typeof DEMO_USERS> {
  const project = await identity.projects.byPublicToken(publicToken);
  for (const user of DEMO_USERS) {
    await ensurePasswordUser(database.db, project, {
      email: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      trustedMetadata: { firm_id: firmId, role: user.role },
    });
  }
  return DEMO_USERS;
}
