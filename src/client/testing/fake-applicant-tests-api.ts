import { testAttemptsContract } from '~/shared/contracts/assessments';
import {
  type AnswerFile,
  type ApplicantAttempt,
  type ApplicantAttemptSummary,
  attemptTexts,
  type CandidateQuestion,
  checkAnswer,
  type IntegrityEvent,
} from '~/shared/test-attempts';
import { fakeId } from './data-generators';
import { type FakeServer, replyError } from './fake-server';

// The candidate's side of skills tests (/api/applicant/tests/*) for component tests, answered from
// memory with the server's rules: questions only while started, answers checked as the server checks
// them, refusals after the deadline or the submit, and the server's own clock (`clock`), which a test
// can set apart from the browser's.

export function candidateQuestion(overrides: Partial<CandidateQuestion> = {}): CandidateQuestion {
  return {
    id: fakeId(),
    type: 'short-answer',
    question: 'What does HTTP stand for?',
    options: [],
    points: 1,
    settings: {},
    is_scored: true,
    ...overrides,
  };
}

export function applicantAttempt(overrides: Partial<ApplicantAttempt> = {}): ApplicantAttempt {
  const now = new Date().toISOString();
  return {
    id: fakeId(),
    status: 'assigned',
    test: {
      id: fakeId(),
      name: 'Customer Support Basics',
      description: 'Questions about answering customers well.',
      type: 'mixed',
      time_limit: 30,
      pass_rate: 70,
      question_count: overrides.questions?.length ?? 1,
    },
    company_name: 'Acme',
    job: { id: fakeId(), title: 'Support Engineer' },
    application_id: fakeId(),
    assigned_at: now,
    started_at: null,
    deadline_at: null,
    submitted_at: null,
    closed_by: null,
    result: null,
    server_time: now,
    questions: [candidateQuestion()],
    answers: {},
    ...overrides,
  };
}

const attemptSummaryOf = ({
  server_time: _serverTime,
  questions: _questions,
  answers: _answers,
  ...summary
}: ApplicantAttempt): ApplicantAttemptSummary => summary;

const isOpen = (attempt: ApplicantAttempt) => attempt.status === 'assigned' || attempt.status === 'started';

interface FakeApplicantTests {
  store: ApplicantAttempt[];
  // Every integrity event recorded, in order.
  integrityEvents: IntegrityEvent[];
}

export function fakeApplicantTestsApi(
  server: FakeServer,
  attempts: ApplicantAttempt[] = [],
  { clock = () => new Date() }: { clock?: () => Date } = {},
): FakeApplicantTests {
  const store = attempts.map((attempt) => ({ ...attempt }));
  const integrityEvents: IntegrityEvent[] = [];
  const find = (id: string | undefined) => store.find((attempt) => attempt.id === id);
  const notFound = () => replyError(404, 'not_found', attemptTexts.notFound);
  // What GET answers: questions and answers only while started, and the server's clock.
  const view = (attempt: ApplicantAttempt): ApplicantAttempt => ({
    ...attempt,
    server_time: clock().toISOString(),
    questions: attempt.status === 'started' ? attempt.questions : [],
    answers: attempt.status === 'started' ? attempt.answers : {},
  });
  const isPastDeadline = (attempt: ApplicantAttempt) =>
    attempt.deadline_at !== null && Date.parse(attempt.deadline_at) <= clock().getTime();
  const close = (attempt: ApplicantAttempt, closedBy: 'candidate' | 'deadline') => {
    attempt.status = 'submitted';
    attempt.submitted_at = clock().toISOString();
    attempt.closed_by = closedBy;
  };
  // As lockOpenAttempt: the refusal when the attempt takes no answers now.
  const refusal = (attempt: ApplicantAttempt) => {
    if (attempt.status === 'assigned') return replyError(409, 'conflict', attemptTexts.notStarted);
    if (attempt.status !== 'started') return replyError(409, 'conflict', attemptTexts.finished);
    if (isPastDeadline(attempt)) return replyError(409, 'conflict', attemptTexts.timeUp);
    return null;
  };

  server.on(testAttemptsContract.ownList, ({ query }) => {
    const state = query.get('state');
    const applicationId = query.get('application_id');
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const items = store.filter(
      (attempt) =>
        (!state || (state === 'to_do') === isOpen(attempt)) &&
        (!applicationId || attempt.application_id === applicationId),
    );
    return {
      items: items.slice((page - 1) * pageSize, page * pageSize).map(attemptSummaryOf),
      total: items.length,
      page,
      page_size: pageSize,
    };
  });
  server.on(testAttemptsContract.own, ({ params }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    if (attempt.status === 'started' && isPastDeadline(attempt)) close(attempt, 'deadline');
    return view(attempt);
  });
  server.on(testAttemptsContract.start, ({ params }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    if (attempt.status === 'assigned') {
      const now = clock();
      attempt.status = 'started';
      attempt.started_at = now.toISOString();
      attempt.deadline_at = new Date(now.getTime() + attempt.test.time_limit * 60_000).toISOString();
    }
    return view(attempt);
  });
  server.on(testAttemptsContract.saveAnswer, ({ params, body }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    const refused = refusal(attempt);
    if (refused) return refused;
    const question = attempt.questions.find((candidate) => candidate.id === params.question_id);
    if (!question) return replyError(404, 'not_found', attemptTexts.questionNotInTest);
    const { answer } = body;
    const problem = checkAnswer(question, answer);
    if (problem) return replyError(400, 'validation', problem, { answer: problem });
    attempt.answers = { ...attempt.answers, [question.id]: answer };
    return { question_id: question.id, saved_at: clock().toISOString() };
  });
  server.on(testAttemptsContract.uploadAnswerFile, ({ params, headers, body }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    const refused = refusal(attempt);
    if (refused) return refused;
    const file = body;
    const stored: AnswerFile = {
      file_id: fakeId(),
      name: decodeURIComponent(headers['x-file-name'] ?? ''),
      size: file.size,
      content_type: headers['content-type'] ?? '',
    };
    attempt.answers = { ...attempt.answers, [params.question_id]: stored };
    return stored;
  });
  server.on(testAttemptsContract.recordIntegrityEvents, ({ params, body }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    const refused = refusal(attempt);
    if (refused) return refused;
    const batch = body.events;
    integrityEvents.push(...batch);
    return { recorded: batch.length };
  });
  server.on(testAttemptsContract.submit, ({ params }) => {
    const attempt = find(params.id);
    if (!attempt) return notFound();
    if (attempt.status === 'assigned') return replyError(409, 'conflict', attemptTexts.notStarted);
    if (attempt.status !== 'started') return replyError(409, 'conflict', attemptTexts.finished);
    if (isPastDeadline(attempt)) {
      close(attempt, 'deadline');
      return replyError(409, 'conflict', attemptTexts.timeUp);
    }
    close(attempt, 'candidate');
    return view(attempt);
  });
  return { store, integrityEvents };
}
