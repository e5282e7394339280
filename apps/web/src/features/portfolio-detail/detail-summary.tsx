import type { PortfolioDetail } from '@ballast/contract';
import { OWNER_ROLE_LABELS } from '../../components/client-data/client-data-values.ts';
import { FigureList } from '../../components/ui/figure-list.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatDate, MISSING } from '../../lib/format.ts';
import { strategyFacts } from './strategy-facts.ts';

function ClientSummary({ detail }: { detail: PortfolioDetail }) {
  const client = detail.current_client_data;
  const primary = client?.owners[0];
  return (
    <SectionCard title="Client">
      <FigureList
        figures={[
          { label: 'Account type', value: client?.account_type ?? MISSING },
          { label: 'Inception date', value: formatDate(detail.inception_date) },
          {
            label: 'Owners',
            value: client ? (
              <ul>
                {client.owners.map((owner) => (
                  <li key={`${owner.first_name} ${owner.last_name} ${owner.role}`}>
                    {[owner.first_name, owner.middle_initial, owner.last_name, owner.suffix]
                      .filter(Boolean)
                      .join(' ')}{' '}
                    <span className="font-normal text-slate-600">
                      ({OWNER_ROLE_LABELS[owner.role]})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              MISSING
            ),
          },
          {
            label: 'Contact',
            value: primary ? (
              <>
                <span className="block">{primary.email}</span>
                <span className="block font-normal">{primary.home_phone}</span>
              </>
            ) : (
              MISSING
            ),
          },
        ]}
      />
    </SectionCard>
  );
}

function CustodianSummary({ detail }: { detail: PortfolioDetail }) {
  return (
    <SectionCard title="Custodian">
      {detail.current_custodians.length === 0 ? (
        <p className="text-sm text-slate-600">No custodian account is linked yet.</p>
      ) : (
        <FigureList
          columns="grid-cols-1"
          figures={detail.current_custodians.map((custodian) => ({
            label: custodian.custodian_name,
            value: custodian.custodian_account,
          }))}
        />
      )}
    </SectionCard>
  );
}

function StrategySummary({ detail }: { detail: PortfolioDetail }) {
  const strategy = detail.current_strategy;
  return (
    <SectionCard title="Strategy" className="md:col-span-2 xl:col-span-1">
      {strategy ? (
        <FigureList figures={strategyFacts(strategy)} />
      ) : (
        <p className="text-sm text-slate-600">No strategy has been chosen yet.</p>
      )}
    </SectionCard>
  );
}

/** Who the account belongs to, where it is held and how it is invested. */
export function DetailSummary({ detail }: { detail: PortfolioDetail }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <ClientSummary detail={detail} />
      <CustodianSummary detail={detail} />
      <StrategySummary detail={detail} />
    </div>
  );
}
