import {
  listAuditEvents,
  listStrategyCatalogue,
  replaceStrategyCatalogueEntry,
  type StrategyCatalogueEntry,
} from '@ballast/contract';
import { makeBondStrategyInput } from '@ballast/contract/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdministration } from './administration.fixture.tsx';
import { answer, callsOf, refusal, resetFakeApi } from './fake-api.fixture.ts';

vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'));

const toasts = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../components/toast/notify.tsx', () => ({
  notify: (options: { text: string }) => toasts.texts.push(options.text),
}));

function entry(overrides: Partial<StrategyCatalogueEntry> = {}): StrategyCatalogueEntry {
  return {
    id: '6a1d2a47-77a4-4d0b-9a3c-7f1f3f0c1b01',
    name: 'House ladder',
    status: 'A',
    product: 'HL-1',
    description: 'The firm’s core municipal ladder.',
    strategy_style: 'B',
    strategy: makeBondStrategyInput(),
    is_default: true,
    updated_at: '2026-11-20T15:00:00Z',
    ...overrides,
  };
}

describe('the strategy catalogue section', () => {
  afterEach(cleanup);

  it('lists each entry with its style, product, status and default', async () => {
    resetFakeApi('CIO');
    answer(listStrategyCatalogue, () => [
      entry(),
      entry({
        id: crypto.randomUUID(),
        name: 'Old ladder',
        status: 'I',
        is_default: false,
        product: '',
      }),
    ]);
    renderAdministration('/admin/catalogue');
    const table = await screen.findByRole('table', { name: "The firm's strategy catalogue" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^House ladderDefaultThe firm’s core municipal ladder\.BondHL-1Active/),
      expect.stringMatching(/^Old ladderThe firm’s core municipal ladder\.BondInactive/),
    ]);
  });

  it('keeps the strategy when an entry is renamed, retired or made the default, and shows a refusal at its field', async () => {
    const user = userEvent.setup();
    resetFakeApi('CIO');
    answer(listStrategyCatalogue, () => [entry({ is_default: false })]);
    answer(listAuditEvents, () => ({ count: 0, next: null, previous: null, results: [] }));
    let attempt = 0;
    answer(replaceStrategyCatalogueEntry, ({ body }) => {
      attempt += 1;
      if (attempt === 1) {
        throw refusal(400, 'The catalogue already has a strategy with this name.', {
          attr: 'name',
        });
      }
      return { ...entry(), ...(body as object) };
    });
    renderAdministration('/admin/catalogue');
    await user.click(await screen.findByRole('button', { name: 'Edit House ladder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit House ladder' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Core ladder');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The catalogue already has a strategy with this name.'),
    ).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'A');
    await user.type(name, ' 2');
    expect(
      within(dialog).queryByText('The catalogue already has a strategy with this name.'),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.texts).toEqual(['Core ladder 2 is saved.']));
    expect(callsOf(replaceStrategyCatalogueEntry).at(-1)).toEqual({
      params: { id: entry().id },
      body: {
        name: 'Core ladder 2',
        product: 'HL-1',
        description: 'The firm’s core municipal ladder.',
        status: 'A',
        strategy: makeBondStrategyInput(),
        is_default: true,
      },
    });
  });
});
