import {
  DURATION_OUT_OF_RANGE,
  type FormOption,
  INITIAL_INVESTMENT_TOO_SMALL,
  INVALID_VALUE,
  MAX_ALLOCATION_SUM_TOO_SMALL,
  PERCENT_OUT_OF_RANGE,
  SELECT_AT_LEAST_ONE_ASSET_CLASS,
  type StrategyInput,
  TAX_EXEMPT_RATE_NOT_ZERO,
} from '@ballast/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BASKET_FORM_OPTIONS, BOND_FORM_OPTIONS } from '../../lib/form-options.fixture.ts';
import { defaultDraft } from '../../lib/strategy-draft.ts';
import { StrategyForm, sectionsNamedIn } from './strategy-form.tsx';
import { useStrategyDraft } from './use-strategy-draft.ts';

let latest: StrategyInput | null = null;

/** The form as the build screen holds it: the draft, its rules and the tax-exempt switch. */
function Harness(props: { style: string; options: FormOption[] }) {
  const build = useStrategyDraft(props.options, () => ({
    draft: defaultDraft(props.style, props.options),
    taxExempt: false,
  }));
  latest = build.strategy;
  return (
    <StrategyForm
      options={props.options}
      draft={build.draft}
      errors={build.errors}
      taxExempt={build.taxExempt}
      onChange={build.change}
      onTaxExemptChange={build.setTaxExempt}
    />
  );
}

function renderForm(style = 'B', options = BOND_FORM_OPTIONS) {
  render(<Harness style={style} options={options} />);
  return userEvent.setup();
}

/** What a screen reader reads with a control: the texts its aria-describedby names. */
function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const input = (name: string) => screen.getByRole('textbox', { name });

describe('the strategy form generated from form options', () => {
  afterEach(() => {
    cleanup();
    latest = null;
  });

  it('draws every value type, each pre-filled with its default', () => {
    renderForm();
    // select, few values: buttons side by side, with the default chosen
    const allocation = screen.getByRole('group', { name: 'Asset allocation' });
    expect(within(allocation).getByRole('radio', { name: 'Maximum allocation' })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      within(screen.getByRole('group', { name: 'Duration' })).getByRole('radio', {
        name: 'Intermediate',
      }),
    ).toHaveProperty('checked', true);
    // select, many values: a drop-down
    const floor = screen.getByRole('combobox', { name: 'Credit floor' });
    expect((floor as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('A-');
    // range: a slider and the figure
    expect(input('Municipal bonds maximum')).toHaveProperty('value', '70');
    expect(screen.getByRole('slider', { name: 'Municipal bonds maximum slider' })).toHaveProperty(
      'value',
      '70',
    );
    // number
    expect(input('Initial investment')).toHaveProperty('value', '1000000');
    expect(input('Tax budget')).toHaveProperty('value', '');
    // toggle
    expect(
      screen
        .getByRole('switch', { name: 'Net investment income tax' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      screen.getByRole('switch', { name: 'Alternative minimum tax' }).getAttribute('aria-checked'),
    ).toBe('false');
    // multi_select: a group of checkboxes, none excluded by default
    const sectors = screen.getByRole('group', { name: 'Excluded municipal sectors' });
    expect(within(sectors).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(sectors).getByRole('checkbox', { name: 'Housing' })).toHaveProperty(
      'checked',
      false,
    );
    // multi_text: a text box to add names
    expect(input('Excluded municipal issuers')).toHaveProperty('value', '');
    // the option's summary is read with its control
    expect(descriptionOf(input('Municipal bonds maximum'))).toContain(
      'Municipal bonds maximum summary',
    );
    expect(latest).not.toBeNull();
  });

  it('shows an option’s description on request', async () => {
    const user = renderForm();
    const about = screen.getByRole('button', { name: 'About Credit floor' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Credit floor description').hidden).toBe(true);
    await user.click(about);
    expect(about.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Credit floor description').hidden).toBe(false);
  });

  it('draws a list of instruments with percentages, bounded by each value’s limits', async () => {
    const user = renderForm('F', BASKET_FORM_OPTIONS);
    const limits = screen.getByRole('group', { name: 'Token limits' });
    await user.click(within(limits).getByRole('button', { name: 'Add token limit' }));
    const percent = within(limits).getByRole('textbox', {
      name: 'Token limits 1: percent (0 to 100)',
    });
    expect(percent).toHaveProperty('value', '100');
    expect(latest?.strategy).toMatchObject({
      constraints: { limits: [{ instrument: 'BTC', limit_pct: 100 }] },
    });
    await user.clear(percent);
    await user.type(percent, '150');
    expect(within(limits).getByText(`Token limits 1: ${PERCENT_OUT_OF_RANGE}`)).toBeTruthy();
    expect(latest).toBeNull();
    await user.click(within(limits).getByRole('button', { name: 'Remove Token limits 1' }));
    expect(latest?.strategy).toMatchObject({ constraints: { limits: [] } });
  });

  it('adds and removes typed names', async () => {
    const user = renderForm();
    await user.type(input('Excluded municipal issuers'), 'City of Springfield{Enter}');
    expect(latest?.strategy).toMatchObject({
      constraints: { excluded_municipal_issuers: ['City of Springfield'] },
    });
    await user.click(screen.getByRole('button', { name: 'Remove City of Springfield' }));
    expect(latest?.strategy).toMatchObject({ constraints: { excluded_municipal_issuers: [] } });
  });

  it('applies the max-allocation sum as the advisor types, with its exact message', async () => {
    const user = renderForm();
    const muni = input('Municipal bonds maximum');
    await user.clear(muni);
    await user.type(muni, '30');
    expect(screen.getByRole('alert').textContent).toBe(MAX_ALLOCATION_SUM_TOO_SMALL);
    expect(latest).toBeNull();
    await user.clear(muni);
    await user.type(muni, '40');
    expect(screen.queryByText(MAX_ALLOCATION_SUM_TOO_SMALL)).toBeNull();
    expect(latest?.strategy).toMatchObject({ assets: { muni_max_pct: 40 } });
    await user.type(muni, '0');
    expect(descriptionOf(muni)).toContain(PERCENT_OUT_OF_RANGE);
    expect(latest).toBeNull();
  });

  it('a choice brings the fields it constrains: select classes, and at least one of them', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Select classes' }));
    expect(screen.queryByRole('textbox', { name: 'Municipal bonds maximum' })).toBeNull();
    for (const name of ['Municipal bonds', 'Corporate bonds', 'Treasuries']) {
      const toggle = screen.getByRole('switch', { name });
      expect(toggle.getAttribute('aria-checked')).toBe('true');
      await user.click(toggle);
    }
    expect(screen.getByRole('alert').textContent).toBe(SELECT_AT_LEAST_ONE_ASSET_CLASS);
    await user.click(screen.getByRole('switch', { name: 'Treasuries' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(latest?.strategy).toMatchObject({
      assets: { type: 'select', municipals: false, corporates: false, treasuries: true },
    });
  });

  it('a duration placement sets its band, and a figure outside it reads the band’s message', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Long' }));
    const min = input('Duration minimum');
    expect(min).toHaveProperty('value', '7');
    expect(input('Duration maximum')).toHaveProperty('value', '15');
    const slider = screen.getByRole('slider', { name: 'Duration minimum slider' });
    expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual(['7', '15']);
    await user.clear(min);
    await user.type(min, '5');
    expect(descriptionOf(min)).toContain(DURATION_OUT_OF_RANGE.Long);
  });

  it('checks the tax data: rate, initial investment, a figure that is not one, the tax-exempt variant', async () => {
    const user = renderForm();
    const amount = input('Initial investment');
    await user.clear(amount);
    await user.type(amount, '1000');
    expect(descriptionOf(amount)).toContain(INITIAL_INVESTMENT_TOO_SMALL);
    await user.type(amount, 'x');
    expect(descriptionOf(amount)).toContain(INVALID_VALUE);
    await user.clear(amount);
    await user.type(amount, '400000');
    expect(descriptionOf(amount)).toBe('');

    await user.click(screen.getByRole('checkbox', { name: 'Tax-exempt account' }));
    const rate = screen.getByRole('combobox', { name: 'Federal tax rate' });
    expect((rate as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('0%');
    expect(latest?.tax_data).toEqual({
      initial_investment_amount: 400_000,
      tax_rate: 0,
      tax_residency: 'Nowhere',
      alternative_minimum_tax: false,
      net_investment_income_tax: false,
    });
    await user.selectOptions(rate, '24%');
    expect(descriptionOf(rate)).toContain(TAX_EXEMPT_RATE_NOT_ZERO);
    expect(latest).toBeNull();
  });

  it('leaves an empty budget open (null) rather than calling it missing', async () => {
    const user = renderForm();
    const budget = input('Tax budget');
    await user.type(budget, '25000');
    expect(latest?.strategy).toMatchObject({ tax_options: { total_tax_budget: 25_000 } });
    await user.clear(budget);
    expect(latest?.strategy).toMatchObject({ tax_options: { total_tax_budget: null } });
  });

  it('shows an option of a value type it cannot edit, read-only, rather than dropping it', () => {
    const strange: FormOption = {
      ...BOND_FORM_OPTIONS[0],
      form_name: 'Glide path',
      value_type: 'glide_path',
      payload_field_name: 'strategy.glide_path',
      values: [],
      default_value: [1, 2],
    } as FormOption;
    renderForm('B', [...BOND_FORM_OPTIONS, strange]);
    expect(screen.getByText(/\[1,2\]/).textContent).toContain('glide_path');
  });

  it('marks the sections whose options the engine’s reason names', () => {
    expect(
      sectionsNamedIn(
        'Only 0 eligible bonds rated A or better, liquidity 97-100, outside the excluded sectors and issuers; a portfolio needs at least 15.',
      ),
    ).toEqual(['Credit', 'Liquidity', 'Exclusions and limits']);
    expect(
      sectionsNamedIn(
        'Duration 4-6 with at most 0 % rated BBB cannot be met among 120 eligible bonds rated BBB- or better.',
      ),
    ).toEqual(['Duration', 'Credit']);
  });

  it('shows the mark beside those sections, and nowhere without a reason', () => {
    const draft = defaultDraft('B', BOND_FORM_OPTIONS);
    const props = {
      options: BOND_FORM_OPTIONS,
      draft,
      errors: new Map(),
      taxExempt: false,
      onChange: () => undefined,
      onTaxExemptChange: () => undefined,
    };
    const { rerender } = render(<StrategyForm {...props} />);
    expect(screen.queryAllByText('Named in the engine’s reason')).toHaveLength(0);
    rerender(<StrategyForm {...props} failure="Only 3 eligible bonds, liquidity 99-100." />);
    const marked = screen.getAllByText('Named in the engine’s reason');
    expect(marked.map((mark) => mark.closest('section')?.getAttribute('aria-labelledby'))).toEqual([
      screen.getByRole('region', { name: /^Liquidity/ }).getAttribute('aria-labelledby'),
    ]);
  });
});
