import type { FastifyInstance } from 'fastify';
import { adminAssignmentsContract } from '~/shared/contracts/admin-assignments';
import type { AppContext } from '../app-context';
import { findApplicantOptions, findCompanyOptions } from '../kernels/identity/find-picker-options';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { createAssignment } from './create-assignment';
import { getAssignmentSummary } from './get-assignment-summary';

// Assignment Management: the summary cards, the pickers of New Assignment and the
// creation itself. The list and the start/end/terms moves live in work-routes.ts.
export async function adminAssignmentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    adminAssignmentsContract.summary,
    { config: { access: { permission: 'read:assignment:any' } } },
    async () => getAssignmentSummary({ db }),
  );

  registerEndpoint(
    app,
    adminAssignmentsContract.companyOptions,
    { config: { access: { permission: 'update:assignment:any' } } },
    async (request) => findCompanyOptions({ db, q: request.query.q }),
  );

  registerEndpoint(
    app,
    adminAssignmentsContract.applicantOptions,
    { config: { access: { permission: 'update:assignment:any' } } },
    async (request) => findApplicantOptions({ db, q: request.query.q }),
  );

  registerEndpoint(
    app,
    adminAssignmentsContract.create,
    { config: { access: { permission: 'update:assignment:any' } } },
    async (request, reply) => {
      const { actorId } = actorOf(request);
      const created = await createAssignment({ db, actorId, input: request.body, ipAddress: request.ip });
      return reply.status(201).send(created);
    },
  );
}
