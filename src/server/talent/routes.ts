import type { FastifyInstance, FastifyReply } from 'fastify';
import { talentContract } from '~/shared/contracts/talent';
import { PHOTO_MAX_BYTES, profileTexts } from '~/shared/talent';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import type { StoredFileContent } from '../platform/file-store';
import { mediaTypeOf, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { getApplicantProfile } from './get-applicant-profile';
import { readApplicantPhoto } from './read-applicant-photo';
import { removeApplicantPhoto } from './remove-applicant-photo';
import { replaceProfileBackground } from './replace-profile-background';
import { updateApplicantProfile } from './update-applicant-profile';
import { uploadApplicantPhoto } from './upload-applicant-photo';
import { viewApplicantProfile } from './view-applicant-profile';

// A year: a photo's address changes with the photo (profile-views.ts photoUrlOf).
const VERSIONED_PHOTO_CACHE = 'private, max-age=31536000, immutable';
// An address without the current version: the browser asks again each time.
const UNVERSIONED_PHOTO_CACHE = 'private, no-cache';

function sendPhoto(reply: FastifyReply, photo: StoredFileContent, isVersioned: boolean) {
  return reply
    .header('content-type', photo.contentType)
    .header('content-length', photo.byteSize)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', 'inline')
    .header('cache-control', isVersioned ? VERSIONED_PHOTO_CACHE : UNVERSIONED_PHOTO_CACHE)
    .send(photo.content);
}

// The applicant's own profile and photo, and what companies see of applicants: the endpoints of
// shared/contracts/talent.ts.
export async function talentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  registerEndpoint(
    app,
    talentContract.ownProfile,
    { config: { access: { permission: 'read:applicant_profile:own' } } },
    async (request) => getApplicantProfile({ db, applicantId: currentAuth(request).user.id }),
  );

  registerEndpoint(
    app,
    talentContract.updateOwnProfile,
    { config: { access: { permission: 'update:applicant_profile:own' } } },
    async (request) => updateApplicantProfile({ db, ...actorOf(request), fields: request.body }),
  );

  const ownProfileAccess = { config: { access: { permission: 'update:applicant_profile:own' } } } as const;
  registerEndpoint(app, talentContract.updateWorkHistory, ownProfileAccess, async (request) =>
    replaceProfileBackground({ db, ...actorOf(request), change: { list: 'work_history', items: request.body.items } }),
  );
  registerEndpoint(app, talentContract.updateEducation, ownProfileAccess, async (request) =>
    replaceProfileBackground({ db, ...actorOf(request), change: { list: 'education', items: request.body.items } }),
  );
  registerEndpoint(app, talentContract.updateLanguages, ownProfileAccess, async (request) =>
    replaceProfileBackground({ db, ...actorOf(request), change: { list: 'languages', items: request.body.items } }),
  );
  registerEndpoint(app, talentContract.updateCertifications, ownProfileAccess, async (request) =>
    replaceProfileBackground({
      db,
      ...actorOf(request),
      change: { list: 'certifications', items: request.body.items },
    }),
  );
  registerEndpoint(app, talentContract.updatePortfolio, ownProfileAccess, async (request) =>
    replaceProfileBackground({ db, ...actorOf(request), change: { list: 'portfolio', items: request.body.items } }),
  );

  // Each upload writes a file: counted per account before the body is read.
  const uploadLimit = createLimiter(app, {
    name: 'photo-upload:account',
    max: 30,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have uploaded several photos in a short time',
  });
  registerEndpoint(
    app,
    talentContract.uploadPhoto,
    {
      upload: {
        maxBytes: PHOTO_MAX_BYTES,
        tooLarge: profileTexts.photoTooLarge,
        unsupportedType: profileTexts.photoUnsupportedType,
      },
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:applicant_profile:own' } },
    },
    async (request) =>
      uploadApplicantPhoto({
        db,
        files,
        ...actorOf(request),
        declaredType: mediaTypeOf(request.headers['content-type']),
        content: uploadBodyOf(request.body),
      }),
  );

  registerEndpoint(
    app,
    talentContract.removePhoto,
    { config: { access: { permission: 'update:applicant_profile:own' } } },
    async (request) => removeApplicantPhoto({ db, files, ...actorOf(request) }),
  );

  registerEndpoint(
    app,
    talentContract.photo,
    // Companies see the applicants they consider; applicants see each other's in shared places.
    { config: { access: 'signed_in' } },
    async (request, reply) => {
      const photo = await readApplicantPhoto({
        db,
        files,
        applicantId: request.params.id,
        viewerRole: currentAuth(request).user.role,
      });
      return sendPhoto(reply, photo, request.query.v === photo.version);
    },
  );

  registerEndpoint(
    app,
    talentContract.applicantProfile,
    { config: { access: { permission: 'read:applicant_profile:any' } } },
    async (request) =>
      viewApplicantProfile({ db, applicantId: request.params.id, viewerRole: currentAuth(request).user.role }),
  );
}
