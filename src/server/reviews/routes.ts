import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reviewsContract } from '~/shared/contracts/reviews';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId, forbiddenMessage } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { companyActorOf } from '../platform/route-schemas';
import { findCandidateReviews } from './find-candidate-reviews';
import { getAssignmentReviews, type ReviewActor } from './get-assignment-reviews';
import { writeReview } from './write-review';

// The talent's review routes share their permissions with the company's (read/update:review:own): the
// applicant side answers applicants only, as the company side answers company members only.
function applicantActor(request: FastifyRequest): ReviewActor {
  const { user } = currentAuth(request);
  if (user.role !== 'applicant') throw new AppError('forbidden', forbiddenMessage);
  return { kind: 'applicant', actorId: user.id };
}
function companyActor(request: FastifyRequest): ReviewActor {
  const { companyId, actorId } = companyActorOf(request);
  return { kind: 'company', companyId, actorId };
}

// Reviews after work: each side reads and writes its own on an ended assignment within its reach
// (another's assignment is a 404); a company reads a findable candidate's revealed reviews.
export async function reviewRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const sides = [
    {
      read: reviewsContract.companyAssignmentReviews,
      write: reviewsContract.writeCompanyReview,
      actor: companyActor,
    },
    {
      read: reviewsContract.applicantAssignmentReviews,
      write: reviewsContract.writeApplicantReview,
      actor: applicantActor,
    },
  ] as const;
  for (const side of sides) {
    registerEndpoint(app, side.read, { config: { access: { permission: 'read:review:own' } } }, async (request) =>
      getAssignmentReviews({ db, assignmentId: request.params.id, actor: side.actor(request) }),
    );
    registerEndpoint(app, side.write, { config: { access: { permission: 'update:review:own' } } }, async (request) =>
      writeReview({
        db,
        assignmentId: request.params.id,
        actor: side.actor(request),
        input: request.body,
        ipAddress: request.ip,
      }),
    );
  }

  registerEndpoint(
    app,
    reviewsContract.candidateReviews,
    { config: { access: { permission: 'read:talent:any' } } },
    async (request) =>
      findCandidateReviews({
        db,
        companyId: currentCompanyId(request),
        applicantId: request.params.id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );
}
