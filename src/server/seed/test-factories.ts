import { eq } from 'drizzle-orm';
import { normalizeQuestion, type QuestionInput, questionInputSchema } from '~/shared/assessments';
import { replaceQuestions } from '../assessments/replace-questions';
import type { Database } from '../db/client';
import { questions, testAttempts, tests } from '../db/schema';
import { buildAccount } from './factories';

// Builders for skills tests and attempts, shared by the tests, the browser-test endpoints and the demo data.

let sequence = 0;

export type TestOverrides = Partial<Omit<typeof tests.$inferInsert, 'companyId'>> & {
  companyId: string;
  // As the builder sends them; stored the way the API stores them. One multiple-choice question by default.
  questions?: QuestionInput[];
};

const defaultTestQuestion: QuestionInput = {
  type: 'multiple-choice',
  question: 'Which HTTP status means “not found”?',
  options: ['200', '301', '404', '500'],
  answer_key: '404',
};

export async function buildTest(db: Database, { questions: questionInputs, ...overrides }: TestOverrides) {
  sequence += 1;
  const [test] = await db
    .insert(tests)
    .values({ name: `Test ${sequence}`, type: 'mcq', isActive: true, ...overrides })
    .returning();
  if (!test) throw new Error('The test was not created.');
  await replaceQuestions({
    db,
    testId: test.id,
    questionList: (questionInputs ?? [defaultTestQuestion]).map((input) =>
      normalizeQuestion(questionInputSchema.parse(input)),
    ),
  });
  const questionRows = await db.select().from(questions).where(eq(questions.testId, test.id));
  return { test, questions: questionRows.sort((first, second) => first.position - second.position) };
}

export interface TestAttemptOverrides {
  testId: string;
  // A new applicant when absent.
  applicantId?: string;
  jobId?: string | null;
  status?: (typeof testAttempts.$inferInsert)['status'];
  // Percent; a graded attempt scores 75 unless told otherwise.
  score?: number | null;
  // When the attempt was assigned; the later timestamps follow it.
  assignedAt?: Date;
}

type TestTerms = { passRate: number; timeLimitMinutes: number };

// An attempt's row as buildTestAttempt writes it, for a test with these terms and an applicant who exists;
// the demo writes many at once from these.
export function testAttemptRow(
  test: TestTerms,
  overrides: TestAttemptOverrides & { applicantId: string },
): typeof testAttempts.$inferInsert {
  const status = overrides.status ?? 'graded';
  const score = overrides.score !== undefined ? overrides.score : status === 'graded' ? 75 : null;
  const assignedAt = overrides.assignedAt ?? new Date();
  const minutesLater = (minutes: number) => new Date(assignedAt.getTime() + minutes * 60_000);
  const hasStarted = status !== 'assigned';
  const hasSubmitted = status === 'submitted' || status === 'graded';
  return {
    testId: overrides.testId,
    applicantId: overrides.applicantId,
    jobId: overrides.jobId ?? null,
    status,
    score,
    passed: status === 'graded' && score !== null ? score >= test.passRate : null,
    assignedAt,
    startedAt: hasStarted ? minutesLater(10) : null,
    deadlineAt: hasStarted ? minutesLater(10 + test.timeLimitMinutes) : null,
    submittedAt: hasSubmitted ? minutesLater(30) : null,
    gradedAt: status === 'graded' ? minutesLater(31) : null,
  };
}

export async function buildTestAttempt(db: Database, overrides: TestAttemptOverrides) {
  const applicantId = overrides.applicantId ?? (await buildAccount(db, { role: 'applicant' })).user.id;
  const [test] = await db
    .select({ passRate: tests.passRate, timeLimitMinutes: tests.timeLimitMinutes })
    .from(tests)
    .where(eq(tests.id, overrides.testId));
  if (!test) throw new Error(`No test ${overrides.testId}.`);
  const [attempt] = await db
    .insert(testAttempts)
    .values(testAttemptRow(test, { ...overrides, applicantId }))
    .returning();
  if (!attempt) throw new Error('The attempt was not created.');
  return attempt;
}
