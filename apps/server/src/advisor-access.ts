import type { AdvisorAccess, AdvisorAccessState } from '@ballast/api';
import { INVITATION_LINK_MINUTES } from '@ballast/contract';
import type { IdentityServices, Project } from '@ballast/identity';

/**
 * The api's access port (decision 022) on the identity service: the firm and role go into the
 * user's trusted metadata, which the identity service's own checks read (impersonation is for
 * administrators only).
 */
export function createAdvisorAccess(identity: IdentityServices, project: Project): AdvisorAccess {
  const stateOf = ({ firmId, role, active }: AdvisorAccessState) => ({
    trustedMetadata: { firm_id: firmId, role },
    active,
  });
  return {
    invite: (invitation) =>
      identity.accounts.invite({
        ...stateOf(invitation),
        project,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        from: invitation.firmName,
        minutes: INVITATION_LINK_MINUTES,
      }),
    update: (email, state) => identity.accounts.update(project, email, stateOf(state)),
    changeEmail: (from, to) => identity.accounts.changeEmail(project, from, to),
  };
}
