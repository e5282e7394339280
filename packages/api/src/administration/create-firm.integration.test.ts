import { schema } from '@ballast/db';
import { createTestDatabase, type TestDatabase } from '@ballast/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import type { AdvisorAccess, AdvisorInvitation } from './advisor-access.ts';
import { createFirm } from './create-firm.ts';

const { advisors, firms, firmAuditEvents, custodians, identityProjects, identityUsers } = schema;

let database: TestDatabase;
const invitations: AdvisorInvitation[] = [];

// The port as the first-run command without a mail transport sees it: nothing is delivered.
const access: AdvisorAccess = {
  async invite(invitation) {
    invitations.push(invitation);
    return {
      link: `https://ballast.test/auth/login?token=${invitations.length}`,
      delivered: false,
    };
  },
  update: () => Promise.reject(new Error('not expected')),
  changeEmail: () => Promise.reject(new Error('not expected')),
};

beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
});
afterAll(() => database.dispose());

function unique(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

function creation(name: string, email: string) {
  return { name, administrator: { email, firstName: 'Ada', lastName: 'Byron' } };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  expect(error.code).toBe('request_conflict');
  return error;
}

/** Marks the address proved, as opening the first sign-in link does. */
async function proveAddress(email: string): Promise<void> {
  const projectId = unique('project');
  const userId = unique('user');
  await database.db
    .insert(identityProjects)
    .values({ id: projectId, publicToken: `public-token-test-${projectId}`, name: 'Ballast' });
  await database.db.insert(identityUsers).values({ id: userId, projectId });
  await database.db
    .insert(schema.identityEmails)
    .values({ id: unique('email'), userId, projectId, email, verified: true });
}

describe('createFirm', () => {
  it('creates the firm, its custodians and its administrator, audits both, then invites', async () => {
    const name = unique('Harbor Capital');
    const result = await createFirm(
      database.db,
      access,
      creation(`  ${name} `, ' Ada.Byron@Harbor.TEST '),
    );

    expect(result).toMatchObject({
      outcome: 'created',
      firm: { name },
      administrator: { email: 'ada.byron@harbor.test' },
      invitation: { delivered: false },
    });
    expect(invitations.at(-1)).toEqual({
      email: 'ada.byron@harbor.test',
      firstName: 'Ada',
      lastName: 'Byron',
      firmId: result.firm.id,
      firmName: name,
      role: 'ADMINISTRATOR',
      active: true,
    });
    const [advisor] = await database.db
      .select()
      .from(advisors)
      .where(eq(advisors.firmId, result.firm.id));
    expect(advisor).toMatchObject({
      id: result.administrator.advisorId,
      email: 'ada.byron@harbor.test',
      role: 'ADMINISTRATOR',
      status: 'ACTIVE',
    });
    const custodianNames = await database.db
      .select({ name: custodians.name })
      .from(custodians)
      .where(eq(custodians.firmId, result.firm.id))
      .orderBy(asc(custodians.name));
    expect(custodianNames).toEqual([{ name: 'Fidelity' }, { name: 'Schwab' }]);
    const trail = await database.db
      .select()
      .from(firmAuditEvents)
      .where(eq(firmAuditEvents.firmId, result.firm.id))
      .orderBy(asc(firmAuditEvents.at), asc(firmAuditEvents.kind));
    expect(trail).toMatchObject([
      { kind: 'FIRM_CREATED', actorAdvisorId: null, subject: name, after: { name } },
      {
        kind: 'USER_INVITED',
        actorAdvisorId: null,
        subject: 'ada.byron@harbor.test',
        after: { email: 'ada.byron@harbor.test', role: 'ADMINISTRATOR' },
      },
    ]);
  });

  it('creates nothing again and sends a fresh link while the administrator has not signed in', async () => {
    const name = unique('Keel Partners');
    const email = `${unique('admin')}@keel.test`;
    const first = await createFirm(database.db, access, creation(name, email));
    const sent = invitations.length;

    const again = await createFirm(
      database.db,
      access,
      creation(name.toUpperCase(), email.toUpperCase()),
    );
    expect(again).toMatchObject({
      outcome: 'exists',
      firm: first.firm,
      administrator: first.administrator,
      invitation: { delivered: false },
    });
    expect(invitations).toHaveLength(sent + 1);
    expect(await database.db.select().from(firms).where(eq(firms.id, first.firm.id))).toHaveLength(
      1,
    );
    const kinds = await database.db
      .select({ kind: firmAuditEvents.kind })
      .from(firmAuditEvents)
      .where(eq(firmAuditEvents.firmId, first.firm.id));
    expect(kinds.map((event) => event.kind).sort()).toEqual([
      'FIRM_CREATED',
      'USER_INVITATION_RESENT',
      'USER_INVITED',
    ]);
  });

  it('sends nothing once the administrator has signed in', async () => {
    const name = unique('Ledger & Co');
    const email = `${unique('admin')}@ledger.test`;
    await createFirm(database.db, access, creation(name, email));
    await proveAddress(email);
    const sent = invitations.length;

    const again = await createFirm(database.db, access, creation(name, email));
    expect(again).toMatchObject({ outcome: 'exists', invitation: null });
    expect(invitations).toHaveLength(sent);
  });

  it('refuses an e-mail that belongs to a user of another firm', async () => {
    const email = `${unique('admin')}@one.test`;
    await createFirm(database.db, access, creation(unique('First Firm'), email));
    const error = await refusal(createFirm(database.db, access, creation(unique('Second'), email)));
    expect(error.message).toMatch(/already a user of the firm "First Firm-.*another administrator/);
  });

  it('refuses a name another firm has, with an e-mail that is none of its users', async () => {
    const name = unique('Namesake Advisors');
    const created = await createFirm(database.db, access, creation(name, `${unique('a')}@n.test`));
    const error = await refusal(
      createFirm(database.db, access, creation(name, `${unique('b')}@n.test`)),
    );
    expect(error.message).toContain(`A firm named "${name}" already exists (${created.firm.id})`);
    expect(error.message).toContain('choose another name');
  });

  it('refuses a user of the firm who is not an active administrator', async () => {
    const name = unique('Rudder Wealth');
    const created = await createFirm(database.db, access, creation(name, `${unique('a')}@r.test`));
    const email = `${unique('advisor')}@r.test`;
    await database.db.insert(advisors).values({
      firmId: created.firm.id,
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'ADVISOR',
    });
    const error = await refusal(createFirm(database.db, access, creation(name, email)));
    expect(error.message).toContain('not an active administrator');
  });

  it('refuses what the command should have refused: an empty name, a bad e-mail', async () => {
    await expect(createFirm(database.db, access, creation('  ', 'someone@x.test'))).rejects.toThrow(
      'The firm needs a name.',
    );
    await expect(createFirm(database.db, access, creation('Firm', 'not-an-email'))).rejects.toThrow(
      'Please enter a valid email address.',
    );
  });
});
