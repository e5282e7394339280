import type { BondSimulationResult, InvestableUniverseEntry } from '@ballast/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatNumber,
  formatPercent,
  formatSignedPercent,
  formatUsd,
  formatYears,
} from '../../lib/format.ts';
import { CHART_COLORS, usdTick } from '../chart/chart-format.ts';
import { ChartFrame } from '../chart/chart-frame.tsx';
import { ShareChart } from '../chart/share-chart.tsx';
import { FigureList } from '../ui/figure-list.tsx';
import { SectionCard } from '../ui/section-card.tsx';
import { ExplainButton } from './contribution-dialog.tsx';
import type { ExplainedFigure } from './contributions.ts';
import { type HeadlineFigure, headlineFigures, shiftKey, shiftLabel } from './headline-figures.ts';
import {
  ASSET_CLASS_LABELS,
  DURATION_BUCKET_LABELS,
  labelledShares,
  sharesBySize,
  YEAR,
} from './labels.ts';
import { type RowColumn, RowTable } from './row-table.tsx';
import { ScrollRegion } from './scroll-region.tsx';

/** The headline figures that are not rate shocks; those have their own chart. */
const SHOCK_PREFIX = 'rate_change_';

/**
 * The portfolio's headline figures; those the engine explains position by position open their
 * parts.
 */
export function HeadlineSection(props: {
  result: BondSimulationResult;
  explained: Map<string, ExplainedFigure>;
}) {
  const figures = headlineFigures(props.result).filter(
    (figure) => !figure.key.startsWith(SHOCK_PREFIX),
  );
  return (
    <SectionCard title="Portfolio at a glance">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 @xl:grid-cols-4">
        {figures.map((figure) => (
          <Headline key={figure.key} figure={figure} explained={props.explained.get(figure.key)} />
        ))}
      </dl>
      {props.explained.size > 0 && (
        <p className="mt-3 text-xs text-slate-600">
          Open an underlined figure to see each position's part of it.
        </p>
      )}
    </SectionCard>
  );
}

function Headline(props: { figure: HeadlineFigure; explained: ExplainedFigure | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">
        {props.figure.label}
      </dt>
      <dd className="mt-0.5 text-xl font-semibold break-words text-slate-900 tabular-nums">
        {props.explained ? <ExplainButton figure={props.explained} /> : props.figure.value}
      </dd>
    </div>
  );
}

/**
 * How the portfolio's value moves for each parallel shift of the curve (SPEC 8.6), and each
 * shift's figure opening its parts.
 */
export function RateSensitivitySection(props: {
  result: BondSimulationResult;
  explained: Map<string, ExplainedFigure>;
}) {
  const rows = props.result.rate_change_sensitivity.map((shift) => ({
    key: shiftKey(shift.rate_change_bps),
    label: shiftLabel(shift.rate_change_bps),
    change: shift.value_change,
  }));
  const up = rows.find((row) => row.key === shiftKey(100));
  return (
    <SectionCard title="Rate-change sensitivity">
      <ChartFrame
        title="Rate-change sensitivity"
        summary={`Change in the portfolio's value for a parallel shift of rates${up ? `; ${formatSignedPercent(up.change)} if rates rise 100 bp` : ''}.`}
        rows={rows}
        rowKey={(row) => row.key}
        height={220}
        columns={[
          { header: 'Rate shift', cell: (row) => row.label },
          { header: 'Value change', cell: (row) => formatSignedPercent(row.change), numeric: true },
        ]}
      >
        <BarChart
          data={rows}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 20, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.axis} fontSize={12} />
          <YAxis unit="%" width={48} stroke={CHART_COLORS.axis} fontSize={12} />
          <ReferenceLine y={0} stroke={CHART_COLORS.axis} />
          <Tooltip formatter={(value) => [formatSignedPercent(Number(value)), 'Value change']} />
          <Bar dataKey="change" isAnimationActive={false}>
            {rows.map((row) => (
              <Cell
                key={row.key}
                fill={row.change >= 0 ? CHART_COLORS.inflow : CHART_COLORS.outflow}
              />
            ))}
            <LabelList
              dataKey="change"
              position="top"
              fontSize={12}
              formatter={(value) => formatSignedPercent(Number(value))}
            />
          </Bar>
        </BarChart>
      </ChartFrame>
      <dl className="mt-3 grid grid-cols-3 gap-x-4 gap-y-2 @xl:grid-cols-6">
        {rows.map((row) => {
          const explained = props.explained.get(row.key);
          return (
            <div key={row.key} className="min-w-0">
              <dt className="text-xs font-medium text-slate-600">{row.label}</dt>
              <dd className="text-sm font-semibold tabular-nums">
                {explained ? <ExplainButton figure={explained} /> : formatSignedPercent(row.change)}
              </dd>
            </div>
          );
        })}
      </dl>
    </SectionCard>
  );
}

/** What the portfolio is made of: asset classes, ratings, sectors and duration buckets (SPEC 8.4). */
export function ExposureSection({ result }: { result: BondSimulationResult }) {
  const charts = [
    {
      title: 'Asset classes',
      shares: labelledShares(ASSET_CLASS_LABELS, result.attributes.asset_class_composition),
    },
    {
      title: 'Ratings',
      shares: labelledShares({ AAA: 'AAA', AA: 'AA', A: 'A', BBB: 'BBB' }, result.ratings_exposure),
    },
    { title: 'Sectors', shares: sharesBySize(result.sector_exposure) },
    {
      title: 'Duration buckets',
      shares: labelledShares(DURATION_BUCKET_LABELS, result.duration_exposure),
    },
  ];
  return (
    <SectionCard title="Composition and exposures">
      <div className="grid grid-cols-1 gap-6 @3xl:grid-cols-2">
        {charts.map((chart) => (
          <div key={chart.title} className="min-w-0">
            <h3 className="mb-1 text-sm font-bold text-navy-800">{chart.title}</h3>
            <ShareChart title={chart.title} shares={chart.shares} />
          </div>
        ))}
      </div>
    </SectionCard>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * Every eligible bond of each asset class, chosen or not, averaged (SPEC 8.3): what the
 * strategy could have held, against what it holds.
 */
export function InvestableUniverseSection({ result }: { result: BondSimulationResult }) {
  const classes = (
    Object.keys(ASSET_CLASS_LABELS) as (keyof BondSimulationResult['investable_universe'])[]
  ).map((key) => ({ key, label: ASSET_CLASS_LABELS[key], entry: result.investable_universe[key] }));
  const figure = (
    header: string,
    value: (entry: InvestableUniverseEntry) => string,
  ): RowColumn<(typeof classes)[number]> => ({
    header,
    cell: (row) => value(row.entry),
    numeric: true,
  });
  const columns = [
    figure('In strategy', (entry) => yesNo(entry.sel)),
    figure('Yield', (entry) => formatPercent(entry.instrument_yield)),
    figure('Tax-equivalent yield', (entry) => formatPercent(entry.tax_equivalent_yield)),
    figure('Duration', (entry) => `${formatYears(entry.duration)} yrs`),
    figure('Liquidity', (entry) => formatNumber(entry.liquidity)),
    figure('Federal tax-exempt', (entry) => yesNo(entry.fed_tax_exempt)),
    figure('State rate exempt', (entry) => formatPercent(entry.state_tax_exempt_rate)),
  ];
  return (
    <SectionCard title="Investable universe">
      <ScrollRegion label="Investable universe table" className="overflow-x-auto">
        <RowTable
          caption="Averages over every eligible bond of each asset class"
          rowHeader={{ header: 'Asset class', cell: (row) => row.label }}
          columns={columns}
          rows={classes}
          rowKey={(row) => row.key}
          rowClassName={(row) => (row.entry.sel ? '' : 'text-slate-600')}
        />
      </ScrollRegion>
    </SectionCard>
  );
}

/**
 * The client's tax rates, the harvesting figures, and the coupons and redemptions received each
 * year with the tax on them (SPEC 8.7, 9.7).
 */
export function TaxSection({ result }: { result: BondSimulationResult }) {
  const { years, cash_flows: cashFlows, taxes } = result.tax_cash_flows;
  const rows = years.map((year, index) => ({
    year,
    cashFlow: cashFlows[index] ?? 0,
    tax: taxes[index] ?? 0,
  }));
  const totalCash = rows.reduce((sum, row) => sum + row.cashFlow, 0);
  const totalTax = rows.reduce((sum, row) => sum + row.tax, 0);
  return (
    <SectionCard title="Taxes">
      <FigureList
        columns="grid-cols-2 @xl:grid-cols-5"
        figures={[
          { label: 'Aggregate rate', value: formatPercent(result.tax_rates.aggregate) },
          { label: 'Federal rate', value: formatPercent(result.tax_rates.federal) },
          { label: 'State rate', value: formatPercent(result.tax_rates.state) },
          { label: 'Losses harvested', value: formatUsd(result.tax_loss_value) },
          {
            label: 'Tax saved by harvesting',
            value: formatUsd(result.attributes.tax_loss_harvested_value),
          },
        ]}
      />
      <h3 className="mt-6 mb-1 text-sm font-bold text-navy-800">Cash flows and tax by year</h3>
      <ChartFrame
        title="Tax cash flows"
        summary={`Coupons and redemptions of ${formatUsd(totalCash)} from ${years[0] ?? ''} to ${years.at(-1) ?? ''}, with ${formatUsd(totalTax)} of tax on them.`}
        rows={rows}
        rowKey={(row) => String(row.year)}
        height={240}
        columns={[
          { header: 'Year', cell: (row) => String(row.year) },
          { header: 'Cash flow', cell: (row) => formatUsd(row.cashFlow), numeric: true },
          { header: 'Tax', cell: (row) => formatUsd(row.tax), numeric: true },
        ]}
      >
        <BarChart
          data={rows}
          responsive
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="year" stroke={CHART_COLORS.axis} fontSize={12} />
          <YAxis tickFormatter={usdTick} width={64} stroke={CHART_COLORS.axis} fontSize={12} />
          <Tooltip formatter={(value, name) => [formatUsd(Number(value)), name]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="cashFlow"
            name="Cash flow"
            fill={CHART_COLORS.nav}
            isAnimationActive={false}
          />
          <Bar dataKey="tax" name="Tax" fill={CHART_COLORS.outflow} isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
      <div className="mt-4">
        <RowTable
          caption="Cash flows and tax by year"
          rowHeader={YEAR}
          columns={[
            { header: 'Cash flow', cell: (row) => formatUsd(row.cashFlow), numeric: true },
            { header: 'Tax', cell: (row) => formatUsd(row.tax), numeric: true },
            {
              header: 'After tax',
              cell: (row) => formatUsd(row.cashFlow - row.tax),
              numeric: true,
            },
          ]}
          rows={rows}
          rowKey={(row) => String(row.year)}
          total={[formatUsd(totalCash), formatUsd(totalTax), formatUsd(totalCash - totalTax)]}
        />
      </div>
    </SectionCard>
  );
}
