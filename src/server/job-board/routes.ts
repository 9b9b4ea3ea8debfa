import type { FastifyInstance } from 'fastify';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { ATTACHMENT_MAX_BYTES, messagingTexts } from '~/shared/messaging';
import type { AppContext } from '../app-context';
import { inviteToJob } from '../kernels/hiring/invite-to-job';
import { readProposalFile, uploadProposalFile } from '../kernels/hiring/proposal-files';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { fileNameOf, mediaTypeOf, sendDownload, sendGeneratedFile, uploadBodyOf } from '../platform/file-transfer';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { applyToJob, applyWaitsFor } from './apply-to-job';
import { findJobListings } from './find-job-listings';
import { findPublicJobListings } from './find-public-job-listings';
import { findSavedJobs } from './find-saved-jobs';
import { getJobPosting } from './get-job-posting';
import { getPublicJob } from './get-public-job';
import { renderIndeedFeed } from './indeed-feed';
import { renderRssFeed } from './rss-feed';
import { saveJob } from './save-job';
import { savedSearchRoutes } from './saved-search-routes';
import { unsaveJob } from './unsave-job';

// The job board: applicants find, save and apply to jobs; a company invites an applicant to a
// private job; anyone searches the open public jobs and reads one. The endpoints of shared/contracts/job-board.ts.
export async function jobBoardRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  const applicantIdOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  registerEndpoint(
    app,
    jobBoardContract.findJobs,
    { config: { access: { permission: 'read:job:published' } } },
    async (request) => findJobListings({ db, applicantId: applicantIdOf(request), query: request.query }),
  );

  registerEndpoint(
    app,
    jobBoardContract.jobPosting,
    { config: { access: { permission: 'read:job:published' } } },
    async (request) => getJobPosting({ db, applicantId: applicantIdOf(request), id: request.params.id }),
  );

  registerEndpoint(
    app,
    jobBoardContract.savedJobs,
    { config: { access: { permission: 'read:saved_job:own' } } },
    async (request) => findSavedJobs({ db, applicantId: applicantIdOf(request), query: request.query }),
  );

  registerEndpoint(
    app,
    jobBoardContract.saveJob,
    { config: { access: { permission: 'update:saved_job:own' } } },
    async (request) => saveJob({ db, applicantId: applicantIdOf(request), jobId: request.params.id }),
  );

  registerEndpoint(
    app,
    jobBoardContract.unsaveJob,
    { config: { access: { permission: 'update:saved_job:own' } } },
    async (request) => unsaveJob({ db, applicantId: applicantIdOf(request), jobId: request.params.id }),
  );

  registerEndpoint(
    app,
    jobBoardContract.apply,
    // An application puts the applicant's words in front of a company: it waits for a confirmed address.
    { config: { access: { permission: 'create:application:own', verifiedEmail: applyWaitsFor } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const application = await applyToJob({
        db,
        applicantId: actorId,
        jobId: request.params.id,
        input: request.body,
        ipAddress,
      });
      return reply.code(201).send(application);
    },
  );

  registerEndpoint(
    app,
    jobBoardContract.invite,
    { config: { access: { permission: 'create:job_invitation:own' } } },
    async (request, reply) => {
      const { invitation, isNew } = await inviteToJob({
        db,
        ...companyActorOf(request),
        jobId: request.params.id,
        applicantId: request.body.applicant_id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );

  savedSearchRoutes(app, { context });

  registerEndpoint(app, jobBoardContract.publicJobs, { config: { access: 'public' } }, async (request) =>
    findPublicJobListings({ db, query: request.query }),
  );

  // The feeds: public, cached by readers and proxies for 15 minutes (a job that closes leaves them within it).
  const feeds = [
    { endpoint: jobBoardContract.indeedFeed, render: renderIndeedFeed, type: 'application/xml', name: 'indeed.xml' },
    { endpoint: jobBoardContract.rssFeed, render: renderRssFeed, type: 'application/rss+xml', name: 'rss.xml' },
  ] as const;
  for (const { endpoint, render, type, name } of feeds) {
    registerEndpoint(app, endpoint, { config: { access: 'public' } }, async (request, reply) =>
      sendGeneratedFile(
        reply,
        {
          filename: name,
          contentType: `${type}; charset=utf-8`,
          content: await render({ db, publicUrl: context.config.publicUrl, page: request.query.page }),
        },
        { disposition: 'inline', cacheControl: 'public, max-age=900' },
      ),
    );
  }

  registerEndpoint(app, jobBoardContract.publicJob, { config: { access: 'public' } }, async (request) =>
    getPublicJob({
      db,
      id: request.params.id,
      viewer: request.auth ? { userId: request.auth.user.id, role: request.auth.user.role } : null,
    }),
  );

  // A file for the application about to be sent: kept for the applicant until the apply names it.
  registerEndpoint(
    app,
    jobBoardContract.uploadProposalFile,
    {
      upload: {
        maxBytes: ATTACHMENT_MAX_BYTES,
        tooLarge: messagingTexts.attachmentTooLarge,
        unsupportedType: messagingTexts.attachmentType,
      },
      config: { access: { permission: 'create:application:own', verifiedEmail: applyWaitsFor } },
    },
    async (request, reply) => {
      const file = await uploadProposalFile({
        files,
        applicantId: applicantIdOf(request),
        declaredType: mediaTypeOf(request.headers['content-type']),
        fileName: fileNameOf(request.headers['x-file-name']),
        content: uploadBodyOf(request.body),
      });
      return reply.code(201).send(file);
    },
  );

  // A file of an application: the applicant's own, or one sent to the company.
  const proposalFileSides = [
    {
      endpoint: jobBoardContract.applicantProposalFile,
      permission: 'read:application:own',
      readerOf: (request: Parameters<typeof currentAuth>[0]) => ({ applicantId: applicantIdOf(request) }),
    },
    {
      endpoint: jobBoardContract.companyProposalFile,
      permission: 'read:job_application:own',
      readerOf: (request: Parameters<typeof currentAuth>[0]) => ({ companyId: currentCompanyId(request) }),
    },
  ] as const;
  for (const { endpoint, permission, readerOf } of proposalFileSides) {
    registerEndpoint(app, endpoint, { config: { access: { permission } } }, async (request, reply) =>
      sendDownload(
        reply,
        await readProposalFile({
          db,
          files,
          reader: readerOf(request),
          applicationId: request.params.id,
          fileId: request.params.file_id,
        }),
      ),
    );
  }
}
