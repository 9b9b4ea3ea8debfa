import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { apiErrorSchema } from '~/shared/errors';
import {
  ANSWER_FILE_MAX_BYTES,
  answerFileSchema,
  answerFileTypeList,
  applicantAttemptListQuerySchema,
  applicantAttemptListSchema,
  applicantAttemptSchema,
  attemptReviewSchema,
  attemptTexts,
  gradeAnswerSchema,
  recordIntegrityEventsSchema,
  saveAnswerSchema,
  testAttemptListQuerySchema,
  testAttemptListSchema,
} from '~/shared/test-attempts';
import { text } from '~/shared/text';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { fileNameOf, mediaTypeOf, refuseDeclaredOversize, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import {
  actorOf,
  companyActorOf,
  errorResponses,
  fileResponse,
  idParams,
  malformedIdMessage,
} from '../platform/route-schemas';
import { findApplicantAttempts, getApplicantAttempt } from './applicant-attempt-views';
import { assignTest } from './assign-tests';
import { findTestAttempts, reviewAttempt } from './company-attempt-views';
import { gradeAnswerByHand } from './grade-answer-by-hand';
import { readAttemptFile } from './read-answer-file';
import { recordIntegrityEvents } from './record-integrity-events';
import { saveAnswer } from './save-answer';
import { startAttempt } from './start-attempt';
import { submitAttempt } from './submit-attempt';
import { uploadAnswerFile } from './upload-answer-file';

const tags = ['test attempts'];
const attemptParams = idParams('test attempt');
const questionParams = attemptParams.extend({
  question_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('question') }),
});

// Taking skills tests (the candidate) and reviewing them (the company), issue 13.
export async function attemptRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, textGrader: grader, files } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/applicant/tests',
    {
      config: { access: { permission: 'read:test_attempt:own' } },
      schema: {
        tags,
        summary: 'Your skills tests: to do first, then done (with the result once graded)',
        querystring: applicantAttemptListQuerySchema,
        response: { 200: applicantAttemptListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findApplicantAttempts({
        db,
        grader,
        applicantId: currentAuth(request).user.id,
        state: request.query.state,
        applicationId: request.query.application_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/applicant/tests/:id',
    {
      config: { access: { permission: 'read:test_attempt:own' } },
      schema: {
        tags,
        summary: 'One of your tests; while started, its questions, your saved answers and the server time',
        params: attemptParams,
        response: { 200: applicantAttemptSchema, ...errorResponses },
      },
    },
    async (request) =>
      getApplicantAttempt({ db, grader, applicantId: currentAuth(request).user.id, attemptId: request.params.id }),
  );

  routes.post(
    '/api/applicant/tests/:id/start',
    {
      config: { access: { permission: 'update:test_attempt:own' } },
      schema: {
        tags,
        summary: 'Start the test: the time limit runs from now on the server’s clock',
        params: attemptParams,
        response: { 200: applicantAttemptSchema, ...errorResponses },
      },
    },
    async (request) => {
      const applicantId = currentAuth(request).user.id;
      await startAttempt({ db, applicantId, attemptId: request.params.id });
      return getApplicantAttempt({ db, grader, applicantId, attemptId: request.params.id });
    },
  );

  routes.put(
    '/api/applicant/tests/:id/answers/:question_id',
    {
      config: { access: { permission: 'update:test_attempt:own' } },
      schema: {
        tags,
        summary: 'Save one answer (null clears it); refused after the deadline',
        params: questionParams,
        body: saveAnswerSchema,
        response: { 200: z.object({ question_id: z.string(), saved_at: z.string() }), ...errorResponses },
      },
    },
    async (request) =>
      saveAnswer({
        db,
        applicantId: currentAuth(request).user.id,
        attemptId: request.params.id,
        questionId: request.params.question_id,
        answer: request.body.answer,
      }),
  );

  routes.post(
    '/api/applicant/tests/:id/events',
    {
      config: { access: { permission: 'update:test_attempt:own' } },
      schema: {
        tags,
        summary: 'Record focus losses and pastes while the test is open (shown to the company)',
        params: attemptParams,
        body: recordIntegrityEventsSchema,
        response: { 200: z.object({ recorded: z.number() }), ...errorResponses },
      },
    },
    async (request) =>
      recordIntegrityEvents({
        db,
        applicantId: currentAuth(request).user.id,
        attemptId: request.params.id,
        events: request.body.events,
      }),
  );

  routes.post(
    '/api/applicant/tests/:id/submit',
    {
      config: { access: { permission: 'update:test_attempt:own' } },
      schema: {
        tags,
        summary: 'Submit your answers; refused after the deadline (the server has closed the test then)',
        params: attemptParams,
        response: { 200: applicantAttemptSchema, ...errorResponses },
      },
    },
    async (request) => {
      const applicantId = currentAuth(request).user.id;
      await submitAttempt({ db, grader, ...actorOf(request), applicantId, attemptId: request.params.id });
      return getApplicantAttempt({ db, grader, applicantId, attemptId: request.params.id });
    },
  );

  await app.register(answerFileUploadRoute, { context });

  routes.get(
    '/api/applicant/tests/:id/files/:question_id',
    {
      config: { access: { permission: 'read:test_attempt:own' } },
      schema: {
        tags,
        summary: 'A file you uploaded as an answer',
        params: questionParams,
        response: { 200: fileResponse(...answerFileTypeList), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await readAttemptFile({
        db,
        files,
        reader: { applicantId: currentAuth(request).user.id },
        attemptId: request.params.id,
        questionId: request.params.question_id,
      });
      return sendDownload(reply, file);
    },
  );

  // The company's side.

  registerEndpoint(
    app,
    pipelineContract.assignTest,
    { config: { access: { permission: 'create:test_assignment:own' } } },
    async (request, reply) => {
      const created = await assignTest({
        db,
        ...companyActorOf(request),
        applicationId: request.params.id,
        testId: request.body.test_id,
      });
      return reply.code(201).send(created);
    },
  );

  routes.get(
    '/api/tests/:id/attempts',
    {
      config: { access: { permission: 'read:test_result:own' } },
      schema: {
        tags,
        summary: 'A test’s attempts, those waiting for a grade first',
        params: idParams('test'),
        querystring: testAttemptListQuerySchema,
        response: { 200: testAttemptListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findTestAttempts({
        db,
        companyId: currentCompanyId(request),
        testId: request.params.id,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/test-attempts/:id',
    {
      config: { access: { permission: 'read:test_result:own' } },
      schema: {
        tags,
        summary: 'One attempt with its answers, grades, answer key and integrity record',
        params: attemptParams,
        response: { 200: attemptReviewSchema, ...errorResponses },
      },
    },
    async (request) =>
      reviewAttempt({ db, grader, companyId: currentCompanyId(request), attemptId: request.params.id }),
  );

  routes.put(
    '/api/test-attempts/:id/questions/:question_id/grade',
    {
      config: { access: { permission: 'update:test_result:own' } },
      schema: {
        tags,
        summary: 'Grade one answer by hand (or correct a grade); the attempt is graded when nothing waits',
        params: questionParams,
        body: gradeAnswerSchema,
        response: { 200: attemptReviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = companyActorOf(request);
      await gradeAnswerByHand({
        db,
        ...actor,
        attemptId: request.params.id,
        questionId: request.params.question_id,
        points: request.body.points,
        comment: request.body.comment,
      });
      return reviewAttempt({ db, grader, companyId: actor.companyId, attemptId: request.params.id });
    },
  );

  routes.get(
    '/api/test-attempts/:id/files/:question_id',
    {
      config: { access: { permission: 'read:test_result:own' } },
      schema: {
        tags,
        summary: 'A file a candidate uploaded as an answer',
        params: questionParams,
        response: { 200: fileResponse(...answerFileTypeList), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await readAttemptFile({
        db,
        files,
        reader: { companyId: currentCompanyId(request) },
        attemptId: request.params.id,
        questionId: request.params.question_id,
      });
      return sendDownload(reply, file);
    },
  );
}

// PUT /api/applicant/tests/:id/files/:question_id in a scope of its own: only here does a body arrive as a
// file's raw bytes (its name in X-File-Name), streamed into the file store, and only here are Fastify's
// refusals reworded for an upload.
async function answerFileUploadRoute(scope: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files } = context;
  scope.addContentTypeParser(answerFileTypeList, (request, body, done) =>
    refuseDeclaredOversize(request, body, done, ANSWER_FILE_MAX_BYTES, attemptTexts.fileTooLarge),
  );
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('payload_too_large', attemptTexts.fileTooLarge);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      throw new AppError('unsupported_media_type', attemptTexts.fileType);
    throw error;
  });
  const uploadLimit = createLimiter(scope, {
    name: 'answer-upload:account',
    max: 60,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have uploaded many files in a short time',
  });

  scope.withTypeProvider<ZodTypeProvider>().put(
    '/api/applicant/tests/:id/files/:question_id',
    {
      bodyLimit: ANSWER_FILE_MAX_BYTES,
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:test_attempt:own' } },
      schema: {
        tags,
        summary:
          'Upload the file answering a file-upload question: the bytes as the body, the name in X-File-Name (at most 10 MB)',
        params: questionParams,
        consumes: answerFileTypeList,
        response: { 200: answerFileSchema, ...errorResponses, 415: apiErrorSchema },
      },
    },
    async (request) =>
      uploadAnswerFile({
        db,
        files,
        applicantId: currentAuth(request).user.id,
        attemptId: request.params.id,
        questionId: request.params.question_id,
        declaredType: mediaTypeOf(request.headers['content-type']),
        fileName: fileNameOf(request.headers['x-file-name']),
        content: uploadBodyOf(request.body),
      }),
  );
}
