import type { AdvisorRole } from '@ballast/contract';
import { Navigate, NavLink, useParams } from 'react-router';
import { LoadingBlock } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdministrator, keepsCatalogue } from '../../lib/roles.ts';
import { useCurrentAdvisor } from '../../lib/use-current-advisor.ts';
import { AuditSection } from './audit-section.tsx';
import { CatalogueSection } from './catalogue-section.tsx';
import { CustodiansSection } from './custodians-section.tsx';
import { FirmSection } from './firm-section.tsx';
import { SignInPolicySection } from './sign-in-policy-section.tsx';
import { UsersSection } from './users-section.tsx';

/**
 * The screen's sections, each at its own address so it can be linked and reloaded, and the
 * roles that may open it: the firm's administrators all of them, the CIO the catalogue.
 */
const SECTIONS = [
  { id: 'users', label: 'Users', Section: UsersSection, allows: isAdministrator },
  { id: 'firm', label: 'Firm', Section: FirmSection, allows: isAdministrator },
  { id: 'custodians', label: 'Custodians', Section: CustodiansSection, allows: isAdministrator },
  {
    id: 'catalogue',
    label: 'Strategy catalogue',
    Section: CatalogueSection,
    allows: keepsCatalogue,
  },
  { id: 'sign-in', label: 'Sign-in policy', Section: SignInPolicySection, allows: isAdministrator },
  { id: 'audit', label: 'Audit trail', Section: AuditSection, allows: isAdministrator },
] as const;

type Section = (typeof SECTIONS)[number];

/** The sections a role may open; none means the screen is not for them. */
function sectionsFor(role: AdvisorRole): readonly Section[] {
  return SECTIONS.filter((section) => section.allows(role));
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-navy-700 text-white' : 'text-navy-800 hover:bg-slate-100'}`;

function Administration(props: {
  firmId: string;
  sections: readonly Section[];
  section: string | undefined;
}) {
  const { firmId, sections, section } = props;
  const current = sections.find((candidate) => candidate.id === section);
  usePageTitle(current ? `Administration: ${current.label}` : 'Page not found');
  const first = sections[0];
  if (section === undefined && first) return <Navigate to={paths.admin(first.id)} replace />;
  if (!current) {
    return (
      <section className="mx-auto max-w-xl rounded-lg bg-white p-8 shadow">
        <h1 className="text-xl font-bold text-navy-800">This page does not exist.</h1>
        <NavLink
          className="mt-4 inline-block font-semibold text-navy-700 underline"
          to={paths.admin()}
        >
          Back to administration
        </NavLink>
      </section>
    );
  }
  const { Section } = current;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-navy-800">Administration</h1>
      <div className="flex flex-col gap-6 lg:flex-row">
        <nav aria-label="Administration" className="lg:w-48 lg:shrink-0">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {sections.map((candidate) => (
              <li key={candidate.id}>
                <NavLink className={tabClass} to={paths.admin(candidate.id)}>
                  {candidate.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Section firmId={firmId} />
        </div>
      </div>
    </div>
  );
}

/**
 * /admin/…: the firm's users, profile, custodians, sign-in policy and audit trail for its
 * administrators, and the strategy catalogue for them and the CIO (decisions 022 and 023).
 */
export default function AdministrationPage() {
  const { section } = useParams();
  const advisor = useCurrentAdvisor({ refetchOnMount: false });
  if (advisor.isPending) return <LoadingBlock label="Loading" rows={2} />;
  const sections = advisor.data ? sectionsFor(advisor.data.role) : [];
  if (!advisor.data || sections.length === 0) return <NotForThisRole />;
  return <Administration firmId={advisor.data.firm_id} sections={sections} section={section} />;
}

function NotForThisRole() {
  usePageTitle('Administration');
  return (
    <section className="rounded-lg bg-white p-6 shadow">
      <h1 className="text-2xl font-bold text-navy-800">Administration</h1>
      <p className="mt-2 text-slate-700">Firm administration is for the firm’s administrators.</p>
    </section>
  );
}
