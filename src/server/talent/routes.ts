import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { talentContract } from '~/shared/contracts/talent';
import { apiErrorSchema } from '~/shared/errors';
import { applicantProfileSchema, PHOTO_MAX_BYTES, photoContentTypes, profileTexts } from '~/shared/talent';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import type { StoredFileContent } from '../platform/file-store';
import { mediaTypeOf, refuseDeclaredOversize, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, errorResponses, fileResponse, idParams } from '../platform/route-schemas';
import { getApplicantProfile } from './get-applicant-profile';
import { readApplicantPhoto } from './read-applicant-photo';
import { removeApplicantPhoto } from './remove-applicant-photo';
import { updateApplicantProfile } from './update-applicant-profile';
import { uploadApplicantPhoto } from './upload-applicant-photo';
import { viewApplicantProfile } from './view-applicant-profile';

const PHOTO_UPLOAD_PATH = '/api/applicant/profile/photo';
const applicantParams = idParams('applicant');
const tags = ['talent'];

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

// The applicant's own profile and photo, and what companies see of applicants (issue 11). The JSON
// endpoints are declared in shared/contracts/talent.ts; the photo's upload and download keep their own
// routes until the contract has file kinds (decision 019).
export async function talentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

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

  await app.register(photoUploadRoute, { context });

  registerEndpoint(
    app,
    talentContract.removePhoto,
    { config: { access: { permission: 'update:applicant_profile:own' } } },
    async (request) => removeApplicantPhoto({ db, files, ...actorOf(request) }),
  );

  routes.get(
    '/api/applicants/:id/photo',
    {
      // Companies see the applicants they consider; applicants see each other's in shared places.
      config: { access: 'signed_in' },
      schema: {
        tags,
        summary: "An applicant's photo, with the content type it was uploaded as",
        params: applicantParams,
        querystring: z.object({ v: text().max(100).optional().describe('The version photo_url carries') }),
        response: { 200: fileResponse(...photoContentTypes), ...errorResponses },
      },
    },
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

// PUT /api/applicant/profile/photo, in a scope of its own: only here does a request body arrive as raw
// image bytes (no multipart), streamed into the file store, and only here are Fastify's refusals of a
// body reworded for an upload.
async function photoUploadRoute(scope: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  scope.addContentTypeParser([...photoContentTypes], (request, body, done) =>
    refuseDeclaredOversize(request, body, done, PHOTO_MAX_BYTES, profileTexts.photoTooLarge),
  );
  // What the error thrown here becomes is the app's error handler's (the parent's) to answer.
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError('payload_too_large', profileTexts.photoTooLarge);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError('unsupported_media_type', profileTexts.photoUnsupportedType);
    }
    throw error;
  });

  // Each upload writes a file: counted per account before the body is read.
  const uploadLimit = createLimiter(scope, {
    name: 'photo-upload:account',
    max: 30,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have uploaded several photos in a short time',
  });

  scope.withTypeProvider<ZodTypeProvider>().put(
    PHOTO_UPLOAD_PATH,
    {
      bodyLimit: PHOTO_MAX_BYTES,
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:applicant_profile:own' } },
      schema: {
        tags,
        summary: 'Upload your photo: the image itself as the body (JPEG, PNG or WebP, at most 2 MB)',
        consumes: [...photoContentTypes],
        response: { 200: applicantProfileSchema, ...errorResponses, 415: apiErrorSchema },
      },
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
}
