import type { AdvisorRole } from '@ballast/contract';

/**
 * What the api asks of the identity service about the people behind advisors (decision 022).
 * The api decides who may sign in; this port makes the identity service act on it. `apps/server`
 * builds it from the identity service, so the api does not depend on that package.
 */
export type AdvisorAccess = {
  /**
   * Makes sure an identity user exists for `email` (its address not yet proved when new), records
   * the firm and role on it, and e-mails a single-use sign-in link that expires after
   * `INVITATION_LINK_MINUTES`; an earlier invitation's link stops working. Returns the link, so a
   * first-run command without a mail transport can print it, and whether it was handed to one.
   */
  invite(input: AdvisorInvitation): Promise<{ link: string; delivered: boolean }>;
  /**
   * Records the advisor's firm, role and whether they may sign in. Not active ends every session
   * the person holds at once and refuses new sign-ins until made active again.
   */
  update(email: string, state: AdvisorAccessState): Promise<void>;
  /**
   * Moves the person's sign-in from one address to another, not yet proved, and ends their
   * sessions; an `invite` to the new address follows.
   */
  changeEmail(from: string, to: string): Promise<void>;
};

export type AdvisorAccessState = { firmId: string; role: AdvisorRole; active: boolean };

export type AdvisorInvitation = AdvisorAccessState & {
  email: string;
  firstName: string;
  lastName: string;
  /** The firm the invitation comes from, as the e-mail names it. */
  firmName: string;
};
