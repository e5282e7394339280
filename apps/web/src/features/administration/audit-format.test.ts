import type { AuditEvent } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.ts';
import { AUDIT_CSV_COLUMNS, actorText, changeLines, fieldChanges } from './audit-format.ts';

function event(overrides: Partial<AuditEvent>): AuditEvent {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    at: '2026-11-26T14:05:00.000Z',
    kind: 'USER_CHANGED',
    actor: {
      advisor: '00000000-0000-4000-8000-0000000000b1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@firm.test',
    },
    subject: 'alan@firm.test',
    before: null,
    after: null,
    ...overrides,
  };
}

describe('how the audit trail reads', () => {
  it('names roles and statuses by their labels, and leaves out what did not change', () => {
    const changed = event({
      before: { role: 'ADVISOR', status: 'ACTIVE', email: 'alan@firm.test' },
      after: { role: 'MANAGER', status: 'INACTIVE', email: 'alan@firm.test' },
    });
    expect(changeLines(changed)).toEqual(['Role: Advisor → Manager', 'Status: Active → Inactive']);
  });

  it('reads a custodian’s one-letter status, an emptied field, a number and a creation', () => {
    expect(
      changeLines(
        event({
          kind: 'CUSTODIAN_CHANGED',
          before: { status: 'A', support_phone: '(800)-555-0199', count: 2048 },
          after: { status: 'I', support_phone: '', count: 40960 },
        }),
      ),
    ).toEqual([
      'Status: Active → Inactive',
      'Support phone: (800)-555-0199 → —',
      'Count: 2,048 → 40,960',
    ]);
    expect(fieldChanges(event({ kind: 'USER_INVITED', after: { role: 'CIO' } }))).toEqual([
      { field: 'Role', before: null, after: 'CIO', isRemoval: false },
    ]);
    const logo = { content_type: 'image/png', bytes: 2560 };
    expect(changeLines(event({ kind: 'LOGO_CHANGED', after: logo }))).toEqual([
      'Content type: image/png',
      'Size: 2.5 kB',
    ]);
    expect(changeLines(event({ kind: 'LOGO_REMOVED', before: logo }))).toEqual([
      'Content type: image/png (removed)',
      'Size: 2.5 kB (removed)',
    ]);
  });

  it('shows a value that only one side records as it is, not as emptied', () => {
    const reassigned = event({
      kind: 'PORTFOLIOS_REASSIGNED',
      before: { advisor: 'alan@firm.test', portfolios: 3 },
      after: { advisor: 'ada@firm.test' },
    });
    expect(changeLines(reassigned)).toEqual([
      'Advisor: alan@firm.test → ada@firm.test',
      'Portfolios: 3',
    ]);
  });

  it('lists a list of names as words', () => {
    expect(
      changeLines(
        event({
          kind: 'SIGN_IN_POLICY_CHANGED',
          before: { methods: ['password'] },
          after: { methods: ['password', 'passkey'] },
        }),
      ),
    ).toEqual(['Methods: password → password, passkey']);
  });

  it('names the actor, or the first-run command when there was none', () => {
    expect(actorText(event({}))).toBe('Ada Lovelace (ada@firm.test)');
    expect(actorText(event({ actor: null, kind: 'FIRM_CREATED' }))).toBe('First-run command');
  });

  it('exports one line per event with the exact moment and the changes together', () => {
    const csv = toCsv(AUDIT_CSV_COLUMNS, [
      event({ before: { role: 'ADVISOR' }, after: { role: 'MANAGER', status: 'ACTIVE' } }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'When (UTC),Who,What,Subject,Change',
      '2026-11-26T14:05:00.000Z,Ada Lovelace (ada@firm.test),User changed,alan@firm.test,Role: Advisor → Manager; Status: Active',
    ]);
  });
});
