import type { FastifyInstance } from 'fastify';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { ANSWER_FILE_MAX_BYTES, attemptTexts } from '~/shared/test-attempts';
import type { AppContext } from '../app-context';
import { assignTest } from '../kernels/hiring/assign-test';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { fileNameOf, mediaTypeOf, sendDownload, uploadBodyOf } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { findApplicantAttempts, getApplicantAttempt } from './applicant-attempt-views';
import { findTestAttempts, reviewAttempt } from './company-attempt-views';
import { gradeAnswerByHand } from './grade-answer-by-hand';
import { readAttemptFile } from './read-answer-file';
import { recordIntegrityEvents } from './record-integrity-events';
import { saveAnswer } from './save-answer';
import { startAttempt } from './start-attempt';
import { submitAttempt } from './submit-attempt';
import { uploadAnswerFile } from './upload-answer-file';

// Taking skills tests (the candidate) and reviewing them (the company): the endpoints of
// testAttemptsContract in shared/contracts/assessments.ts, and assigning a test to an application.
export async function attemptRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, textGrader: grader, files } = context;

  registerEndpoint(
    app,
    testAttemptsContract.ownList,
    { config: { access: { permission: 'read:test_attempt:own' } } },
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

  registerEndpoint(
    app,
    testAttemptsContract.own,
    { config: { access: { permission: 'read:test_attempt:own' } } },
    async (request) =>
      getApplicantAttempt({ db, grader, applicantId: currentAuth(request).user.id, attemptId: request.params.id }),
  );

  registerEndpoint(
    app,
    testAttemptsContract.start,
    { config: { access: { permission: 'update:test_attempt:own' } } },
    async (request) => {
      const applicantId = currentAuth(request).user.id;
      await startAttempt({ db, applicantId, attemptId: request.params.id });
      return getApplicantAttempt({ db, grader, applicantId, attemptId: request.params.id });
    },
  );

  registerEndpoint(
    app,
    testAttemptsContract.saveAnswer,
    { config: { access: { permission: 'update:test_attempt:own' } } },
    async (request) =>
      saveAnswer({
        db,
        applicantId: currentAuth(request).user.id,
        attemptId: request.params.id,
        questionId: request.params.question_id,
        answer: request.body.answer,
      }),
  );

  registerEndpoint(
    app,
    testAttemptsContract.recordIntegrityEvents,
    { config: { access: { permission: 'update:test_attempt:own' } } },
    async (request) =>
      recordIntegrityEvents({
        db,
        applicantId: currentAuth(request).user.id,
        attemptId: request.params.id,
        events: request.body.events,
      }),
  );

  registerEndpoint(
    app,
    testAttemptsContract.submit,
    { config: { access: { permission: 'update:test_attempt:own' } } },
    async (request) => {
      const applicantId = currentAuth(request).user.id;
      await submitAttempt({ db, grader, ...actorOf(request), applicantId, attemptId: request.params.id });
      return getApplicantAttempt({ db, grader, applicantId, attemptId: request.params.id });
    },
  );

  // Each upload writes a file: counted per account before the body is read.
  const uploadLimit = createLimiter(app, {
    name: 'answer-upload:account',
    max: 60,
    windowMinutes: 60,
    key: (request) => currentAuth(request).user.id,
    message: 'You have uploaded many files in a short time',
  });
  registerEndpoint(
    app,
    testAttemptsContract.uploadAnswerFile,
    {
      upload: {
        maxBytes: ANSWER_FILE_MAX_BYTES,
        tooLarge: attemptTexts.fileTooLarge,
        unsupportedType: attemptTexts.fileType,
      },
      preParsing: async (request) => {
        await uploadLimit.hit(request);
      },
      config: { access: { permission: 'update:test_attempt:own' } },
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

  registerEndpoint(
    app,
    testAttemptsContract.ownAnswerFile,
    { config: { access: { permission: 'read:test_attempt:own' } } },
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

  registerEndpoint(
    app,
    testAttemptsContract.listForTest,
    { config: { access: { permission: 'read:test_result:own' } } },
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

  registerEndpoint(
    app,
    testAttemptsContract.review,
    { config: { access: { permission: 'read:test_result:own' } } },
    async (request) =>
      reviewAttempt({ db, grader, companyId: currentCompanyId(request), attemptId: request.params.id }),
  );

  registerEndpoint(
    app,
    testAttemptsContract.grade,
    { config: { access: { permission: 'update:test_result:own' } } },
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

  registerEndpoint(
    app,
    testAttemptsContract.answerFile,
    { config: { access: { permission: 'read:test_result:own' } } },
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
