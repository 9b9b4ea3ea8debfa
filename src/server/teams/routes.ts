import type { FastifyInstance } from 'fastify';
import { invitationsContract, teamContract } from '~/shared/contracts/teams';
import { INVITATIONS_PER_DAY, teamTexts } from '~/shared/teams';
import type { AppContext } from '../app-context';
import { acceptInvitationAs } from '../kernels/identity/company-invitations';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { changeMemberRole } from './change-member-role';
import { leaveCompany, removeMember } from './end-membership';
import { findTeamMembers } from './find-team-members';
import { findInvitations, inviteMember } from './manage-invitations';
import { previewInvitation } from './preview-invitation';
import { resendInvitation } from './resend-invitation';
import { revokeInvitation } from './revoke-invitation';
import { transferOwnership } from './transfer-ownership';

// Settings → Team and an invitation's link (docs/decisions/032). The account created from a link is
// registered by auth/, which signs people in.
export async function teamRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, config, live } = context;
  const sender = { db, mailer, publicUrl: config.publicUrl };
  // Each invitation and resend is an email to an address the company chose (shared/teams.ts).
  const invitationLimit = createLimiter(app, {
    name: 'team-invitation:company',
    max: INVITATIONS_PER_DAY,
    windowMinutes: 24 * 60,
    key: (request) => currentCompanyId(request),
    message: teamTexts.tooManySent,
  });

  registerEndpoint(
    app,
    teamContract.members,
    { config: { access: { permission: 'read:company_member:own' } } },
    async (request) => findTeamMembers({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(
    app,
    teamContract.changeRole,
    { config: { access: { permission: 'update:company_member:own' } } },
    async (request) =>
      changeMemberRole({ db, ...companyActorOf(request), userId: request.params.id, role: request.body.role }),
  );

  // The removed member's open tabs hear at once that their session ended, and their sockets close.
  registerEndpoint(
    app,
    teamContract.remove,
    { config: { access: { permission: 'update:company_member:own' } } },
    async (request, reply) => {
      await removeMember({ db, ...companyActorOf(request), userId: request.params.id });
      await live.send([request.params.id], { type: 'session.ended' });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    teamContract.transferOwnership,
    { config: { sessionOnly: true, access: { permission: 'update:company_ownership:own' } } },
    async (request) => transferOwnership({ db, ...companyActorOf(request), userId: request.params.id }),
  );

  registerEndpoint(
    app,
    teamContract.leave,
    { config: { sessionOnly: true, access: { permission: 'delete:company_membership:own' } } },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      await leaveCompany({ db, companyId, userId: actorId, ipAddress });
      await live.send([actorId], { type: 'session.ended' });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    teamContract.invitations,
    { config: { access: { permission: 'read:company_member:own' } } },
    async (request) => findInvitations({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(
    app,
    teamContract.invite,
    { config: { access: { permission: 'update:company_member:own' } } },
    async (request, reply) => {
      await invitationLimit.hit(request);
      const invitation = await inviteMember({ ...sender, ...companyActorOf(request), ...request.body });
      return reply.code(201).send(invitation);
    },
  );

  registerEndpoint(
    app,
    teamContract.resendInvitation,
    { config: { access: { permission: 'update:company_member:own' } } },
    async (request) => {
      await invitationLimit.hit(request);
      return resendInvitation({ ...sender, ...companyActorOf(request), id: request.params.id });
    },
  );

  registerEndpoint(
    app,
    teamContract.revokeInvitation,
    { config: { access: { permission: 'update:company_member:own' } } },
    async (request, reply) => {
      await revokeInvitation({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(app, invitationsContract.preview, { config: { access: 'public' } }, async (request) =>
    previewInvitation({ db, token: request.params.token }),
  );

  // An existing account accepts: a former member signed in again, with the invited address confirmed.
  registerEndpoint(
    app,
    invitationsContract.accept,
    { config: { sessionOnly: true, access: 'signed_in' } },
    async (request) => {
      const { user } = currentAuth(request);
      const company = await acceptInvitationAs({
        db,
        token: request.params.token,
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
        ipAddress: actorOf(request).ipAddress,
      });
      return { company };
    },
  );
}
