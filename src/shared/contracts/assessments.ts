import { z } from 'zod';
import { testFavoriteSchema, testFieldsSchema, testListQuerySchema, testListSchema, testSchema } from '../assessments';
import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage, noContent } from '../contract-schemas';
import {
  answerFileSchema,
  answerFileTypeList,
  applicantAttemptListQuerySchema,
  applicantAttemptListSchema,
  applicantAttemptSchema,
  attemptReviewSchema,
  gradeAnswerSchema,
  recordIntegrityEventsSchema,
  saveAnswerSchema,
  testAttemptListQuerySchema,
  testAttemptListSchema,
} from '../test-attempts';
import { text } from '../text';

const testParams = idParams('test');
const attemptParams = idParams('test attempt');
const questionParams = attemptParams.extend({
  question_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('question') }),
});

// The company's skills tests: the builder, the Tests tab, and the job form's Required Tests dialog.
export const testsContract = defineContract(
  { name: 'tests', tags: ['tests'] },
  {
    list: {
      method: 'GET',
      path: '/api/tests',
      summary: 'Your company’s tests, filtered and a page at a time (active_only=true: what a job can require)',
      query: testListQuerySchema,
      responses: { 200: testListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/tests',
      summary: 'Create a test (is_active true) or save it as a draft (false)',
      body: testFieldsSchema,
      responses: { 201: testSchema },
    },
    get: {
      method: 'GET',
      path: '/api/tests/:id',
      summary: 'One of your company’s tests, with its questions',
      params: testParams,
      responses: { 200: testSchema },
    },
    update: {
      method: 'PUT',
      path: '/api/tests/:id',
      summary: 'Replace a test’s fields and questions',
      params: testParams,
      body: testFieldsSchema,
      responses: { 200: testSchema },
    },
    clone: {
      method: 'POST',
      path: '/api/tests/:id/clone',
      summary: 'Copy a test and its questions into a new draft named “<name> (copy)”',
      params: testParams,
      responses: { 201: testSchema },
    },
    archive: {
      method: 'POST',
      path: '/api/tests/:id/archive',
      summary: 'Archive a test: hidden from the list and from new jobs; jobs that require it keep it',
      params: testParams,
      responses: { 200: testSchema },
    },
    restore: {
      method: 'POST',
      path: '/api/tests/:id/restore',
      summary: 'Bring an archived test back as it was',
      params: testParams,
      responses: { 200: testSchema },
    },
    delete: {
      method: 'DELETE',
      path: '/api/tests/:id',
      summary: 'Delete a test nobody has taken (409 once it has attempts: archive it instead)',
      params: testParams,
      responses: { 204: noContent },
    },
    setFavorite: {
      method: 'PUT',
      path: '/api/tests/:id/favorite',
      summary: 'Star or unstar a test for yourself',
      params: testParams,
      body: testFavoriteSchema,
      responses: { 200: testFavoriteSchema },
    },
  },
);

// Taking skills tests (the candidate) and reviewing them (the company).
export const testAttemptsContract = defineContract(
  { name: 'testAttempts', tags: ['test attempts'] },
  {
    ownList: {
      method: 'GET',
      path: '/api/applicant/tests',
      summary: 'Your skills tests: to do first, then done (with the result once graded)',
      query: applicantAttemptListQuerySchema,
      responses: { 200: applicantAttemptListSchema },
    },
    own: {
      method: 'GET',
      path: '/api/applicant/tests/:id',
      summary: 'One of your tests; while started, its questions, your saved answers and the server time',
      params: attemptParams,
      responses: { 200: applicantAttemptSchema },
    },
    start: {
      method: 'POST',
      path: '/api/applicant/tests/:id/start',
      summary: 'Start the test: the time limit runs from now on the server’s clock',
      params: attemptParams,
      responses: { 200: applicantAttemptSchema },
    },
    saveAnswer: {
      method: 'PUT',
      path: '/api/applicant/tests/:id/answers/:question_id',
      summary: 'Save one answer (null clears it); refused after the deadline',
      params: questionParams,
      body: saveAnswerSchema,
      responses: { 200: z.object({ question_id: z.string(), saved_at: z.string() }) },
    },
    recordIntegrityEvents: {
      method: 'POST',
      path: '/api/applicant/tests/:id/events',
      summary: 'Record focus losses and pastes while the test is open (shown to the company)',
      params: attemptParams,
      body: recordIntegrityEventsSchema,
      responses: { 200: z.object({ recorded: z.number() }) },
    },
    submit: {
      method: 'POST',
      path: '/api/applicant/tests/:id/submit',
      summary: 'Submit your answers; refused after the deadline (the server has closed the test then)',
      params: attemptParams,
      responses: { 200: applicantAttemptSchema },
    },
    uploadAnswerFile: {
      method: 'PUT',
      path: '/api/applicant/tests/:id/files/:question_id',
      summary:
        'Upload the file answering a file-upload question: the bytes as the body, the name in X-File-Name (at most 10 MB)',
      params: questionParams,
      body: fileOf(...answerFileTypeList),
      responses: { 200: answerFileSchema },
    },
    ownAnswerFile: {
      method: 'GET',
      path: '/api/applicant/tests/:id/files/:question_id',
      summary: 'A file you uploaded as an answer',
      params: questionParams,
      responses: { 200: fileOf(...answerFileTypeList) },
    },
    // The company's side.
    listForTest: {
      method: 'GET',
      path: '/api/tests/:id/attempts',
      summary: 'A test’s attempts, those waiting for a grade first',
      params: testParams,
      query: testAttemptListQuerySchema,
      responses: { 200: testAttemptListSchema },
    },
    review: {
      method: 'GET',
      path: '/api/test-attempts/:id',
      summary: 'One attempt with its answers, grades, answer key and integrity record',
      params: attemptParams,
      responses: { 200: attemptReviewSchema },
    },
    grade: {
      method: 'PUT',
      path: '/api/test-attempts/:id/questions/:question_id/grade',
      summary: 'Grade one answer by hand (or correct a grade); the attempt is graded when nothing waits',
      params: questionParams,
      body: gradeAnswerSchema,
      responses: { 200: attemptReviewSchema },
    },
    answerFile: {
      method: 'GET',
      path: '/api/test-attempts/:id/files/:question_id',
      summary: 'A file a candidate uploaded as an answer',
      params: questionParams,
      responses: { 200: fileOf(...answerFileTypeList) },
    },
  },
);
