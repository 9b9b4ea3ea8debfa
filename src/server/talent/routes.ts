import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '~/shared/errors';
import {
  applicantProfileSchema,
  applicantProfileViewSchema,
  PHOTO_MAX_BYTES,
  photoContentTypes,
  profileTexts,
  updateApplicantProfileSchema,
} from '~/shared/talent';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
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

// The applicant's own profile and photo, and what companies see of applicants (issue 11).
export async function talentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/applicant/profile',
    {
      config: { access: { permission: 'read:applicant_profile:own' } },
      schema: {
        tags,
        summary: 'Your applicant profile, with how complete it is and what is missing',
        response: { 200: applicantProfileSchema, ...errorResponses },
      },
    },
    async (request) => getApplicantProfile({ db, applicantId: currentAuth(request).user.id }),
  );

  routes.put(
    '/api/applicant/profile',
    {
      config: { access: { permission: 'update:applicant_profile:own' } },
      schema: {
        tags,
        summary: 'Replace your applicant profile (a field left out or empty is cleared; the photo has its own route)',
        body: updateApplicantProfileSchema,
        response: { 200: applicantProfileSchema, ...errorResponses },
      },
    },
    async (request) => updateApplicantProfile({ db, ...actorOf(request), fields: request.body }),
  );

  await app.register(photoUploadRoute, { context });

  routes.delete(
    PHOTO_UPLOAD_PATH,
    {
      config: { access: { permission: 'update:applicant_profile:own' } },
      schema: {
        tags,
        summary: 'Remove your photo',
        response: { 200: applicantProfileSchema, ...errorResponses },
      },
    },
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

  routes.get(
    '/api/applicants/:id/profile',
    {
      config: { access: { permission: 'read:applicant_profile:any' } },
      schema: {
        tags,
        summary: "An applicant's profile as companies see it (read-only)",
        params: applicantParams,
        response: { 200: applicantProfileViewSchema, ...errorResponses },
      },
    },
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
