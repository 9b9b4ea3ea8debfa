import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CV_MAX_BYTES, cvTexts } from '~/shared/applicant-cv';
import { applicantCvContract } from '~/shared/contracts/applicant-cv';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { fileNameOf, mediaTypeOf, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { getOwnCv } from './get-own-cv';
import { type CvReader, readApplicantCv } from './read-applicant-cv';
import { readOwnCv } from './read-own-cv';
import { removeApplicantCv } from './remove-applicant-cv';
import { updateCvVisibility } from './update-cv-visibility';
import { uploadApplicantCv } from './upload-applicant-cv';

const readerOf = (request: FastifyRequest): CvReader =>
  currentAuth(request).user.role === 'admin'
    ? { role: 'admin' }
    : { role: 'company', companyId: currentCompanyId(request) };

// The applicant's CV (shared/contracts/applicant-cv.ts): upload, replace, remove, who may download it;
// and its download by companies, audited and rate limited.
export async function applicantCvRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files, jobs } = context;
  registerEndpoint(
    app,
    applicantCvContract.ownCv,
    { config: { access: { permission: 'read:applicant_profile:own' } } },
    async (request) => getOwnCv({ db, applicantId: currentAuth(request).user.id }),
  );

  // Each upload writes a file and starts a reading of it: counted per account before the body is read.
  const uploadLimit = createLimiter(app, {
    name: 'cv-upload:account',
    max: 20,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: cvTexts.uploadRateLimited,
  });
  registerEndpoint(
    app,
    applicantCvContract.uploadCv,
    {
      upload: { maxBytes: CV_MAX_BYTES, tooLarge: cvTexts.tooLarge, unsupportedType: cvTexts.unsupportedType },
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:applicant_profile:own' } },
    },
    async (request) =>
      uploadApplicantCv({
        db,
        files,
        jobs,
        ...actorOf(request),
        declaredType: mediaTypeOf(request.headers['content-type']),
        fileName: fileNameOf(request.headers['x-file-name']),
        content: uploadBodyOf(request.body),
      }),
  );

  registerEndpoint(
    app,
    applicantCvContract.removeCv,
    { config: { access: { permission: 'update:applicant_profile:own' } } },
    async (request) => removeApplicantCv({ db, files, ...actorOf(request) }),
  );

  registerEndpoint(
    app,
    applicantCvContract.updateCvVisibility,
    { config: { access: { permission: 'update:applicant_profile:own' } } },
    async (request) => updateCvVisibility({ db, ...actorOf(request), visibility: request.body.visibility }),
  );

  registerEndpoint(
    app,
    applicantCvContract.downloadOwnCv,
    { config: { access: { permission: 'read:applicant_profile:own' } } },
    async (request, reply) =>
      sendDownload(reply, await readOwnCv({ db, files, applicantId: currentAuth(request).user.id })),
  );

  // A CV is a person's whole work history: a company reading many in a row is scraping, not hiring.
  const downloadLimit = createLimiter(app, {
    name: 'cv-download:account',
    max: 60,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: cvTexts.downloadRateLimited,
  });
  registerEndpoint(
    app,
    applicantCvContract.downloadCv,
    { config: { access: { permission: 'read:applicant_profile:any' } } },
    async (request, reply) => {
      await downloadLimit.hit(request);
      const file = await readApplicantCv({
        db,
        files,
        reader: readerOf(request),
        ...actorOf(request),
        applicantId: request.params.id,
      });
      return sendDownload(reply, file);
    },
  );
}
