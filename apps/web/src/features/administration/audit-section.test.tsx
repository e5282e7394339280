import { type AuditEvent, listAuditEvents, PAGE_LIMIT_MAX } from '@ballast/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, resetFakeApi } from './fake-api.fixture.ts';

const saved = vi.hoisted(() => ({ files: [] as Blob[] }));

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (_name: string, blob: Blob) => saved.files.push(blob),
}));

/** A trail of `count` role changes, the newest first, served in pages as the api does. */
function serveTrail(count: number) {
  const trail: AuditEvent[] = Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 10, 26, 12) - index * 60_000).toISOString(),
    kind: 'USER_CHANGED',
    actor: null,
    subject: `user${index}@firm.test`,
    before: { role: 'ADVISOR' },
    after: { role: 'MANAGER' },
  }));
  answer(listAuditEvents, ({ query }) => {
    const limit = Number(query?.limit);
    const offset = Number(query?.offset);
    const results = trail.slice(offset, offset + limit);
    return {
      count: trail.length,
      next: offset + limit < trail.length ? `http://api.test/next?offset=${offset + limit}` : null,
      previous: offset > 0 ? 'http://api.test/previous' : null,
      results,
    };
  });
}

describe('the audit trail section', () => {
  beforeEach(() => {
    resetFakeApi();
    saved.files = [];
  });
  afterEach(cleanup);

  it('shows a page of who changed what, and pages to older entries', async () => {
    serveTrail(60);
    const user = renderAdministration('/admin/audit');
    const table = await screen.findByRole('table', { name: /audit trail/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(51);
    expect(rows[1]?.textContent).toContain('First-run command');
    expect(rows[1]?.textContent).toContain('User changed');
    expect(rows[1]?.textContent).toContain('user0@firm.test');
    expect(rows[1]?.textContent).toContain('Role: Advisor → Manager');
    expect(screen.getByText('1–50 of 60')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('51–60 of 60')).toBeTruthy();
  });

  it('exports the whole trail, reading every page at the largest size', async () => {
    serveTrail(PAGE_LIMIT_MAX + 20);
    const user = renderAdministration('/admin/audit');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const lines = (await saved.files[0]?.text())?.split('\r\n') ?? [];
    expect(lines).toHaveLength(PAGE_LIMIT_MAX + 21);
    expect(lines.at(-1)).toContain(`user${PAGE_LIMIT_MAX + 19}@firm.test`);
    const exportCalls = callsOf(listAuditEvents).filter(
      (call) => call.query?.limit === PAGE_LIMIT_MAX,
    );
    expect(exportCalls.map((call) => call.query?.offset)).toEqual([0, PAGE_LIMIT_MAX]);
  });
});
