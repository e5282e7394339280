import { CUSTODIANS_LOAD_FAILED, listCustodians, NO_CUSTODIANS } from '@ballast/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session-context.tsx';
import { useCurrentAdvisor, useFirm } from '../../lib/use-current-advisor.ts';

/**
 * Product §2: support phone and e-mail, and for a signed-in user the custodians' quick reference.
 */
export function SupportModal(props: { open: boolean; onOpenChange(open: boolean): void }) {
  const { isAuthenticated } = useSession();
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Support"
      wide={isAuthenticated}
    >
      <SupportContacts />
      {isAuthenticated && props.open && <CustodianQuickReference />}
      <div className="mt-6 flex justify-end">
        <Button onClick={() => props.onOpenChange(false)}>Ok</Button>
      </div>
    </Modal>
  );
}

/**
 * The firm's own support contacts when it has set them, each on its own; otherwise the
 * installation's from `/config.json` (decision 022). Rendered only while the modal is open, so
 * the firm is asked for when someone looks, not on every page.
 */
function SupportContacts() {
  const { config } = useSession();
  const advisor = useCurrentAdvisor({ refetchOnMount: false });
  const firm = useFirm(advisor.data?.firm_id);
  // Shown at once, the installation's contacts would flash before the firm's replace them.
  if (firm.isLoading) return <p role="status">Loading the support contacts…</p>;
  const phone = firm.data?.support_phone || config.support.phone;
  const email = firm.data?.support_email || config.support.email;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="font-semibold">Phone</dt>
      <dd>
        <a className="text-navy-700 underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {phone}
        </a>
      </dd>
      <dt className="font-semibold">E-mail</dt>
      <dd>
        <a className="text-navy-700 underline" href={`mailto:${email}`}>
          {email}
        </a>
      </dd>
    </dl>
  );
}

function CustodianQuickReference() {
  const { api } = useSession();
  const custodians = useQuery({
    queryKey: queryKeys.custodians,
    queryFn: () => api.request(listCustodians),
    retry: false,
  });
  return (
    <section className="mt-6" aria-labelledby="quick-reference">
      <h3 id="quick-reference" className="mb-2 font-semibold text-navy-800">
        Quick Reference
      </h3>
      {custodians.isPending && <p role="status">Loading custodians…</p>}
      {custodians.isError && <p role="alert">{CUSTODIANS_LOAD_FAILED}</p>}
      {custodians.data && custodians.data.length === 0 && <p>{NO_CUSTODIANS}</p>}
      {custodians.data && custodians.data.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Custodian Name
              </th>
              <th scope="col" className="py-1 pr-3">
                Product Number
              </th>
              <th scope="col" className="py-1">
                Description
              </th>
            </tr>
          </thead>
          <tbody>
            {custodians.data.map((custodian) => (
              <tr key={custodian.id} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3">{custodian.name}</td>
                <td className="py-1 pr-3">{custodian.product}</td>
                <td className="py-1">{custodian.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
