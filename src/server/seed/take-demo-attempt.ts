import { eq } from 'drizzle-orm';
import { gradingMethodOf, isAnswerRange, parseRubric, type Question } from '~/shared/assessments';
import { snapshotOf } from '../assessments/attempt-snapshot';
import { closeAttempt } from '../assessments/close-attempt';
import { gradeAnswerByHand } from '../assessments/grade-answer-by-hand';
import { saveAnswer } from '../assessments/save-answer';
import { startAttempt } from '../assessments/start-attempt';
import { createRubricGrader } from '../assessments/text-graders';
import type { Database } from '../db/client';
import { testAttempts } from '../db/schema';
import { buildTestAttempt } from './test-factories';

const MINUTE_MS = 60_000;

// An answer the key (or the rubric) accepts, and one it does not; null: nothing to give (a file).
function answersTo(question: Question): { right: unknown; wrong: unknown } {
  const key = question.answer_key;
  switch (question.type) {
    case 'short-answer':
    case 'paragraph': {
      const keywords = parseRubric(question.rubric).map((criterion) => criterion.phrases[0]);
      const accepted = Array.isArray(key) ? key[0] : undefined;
      return { right: accepted ?? `In short: ${keywords.join(', ')}.`, wrong: 'I am not sure.' };
    }
    case 'multiple-choice':
    case 'dropdown':
      return { right: key, wrong: question.options.find((option) => option !== key) ?? null };
    case 'checkboxes':
      return {
        right: key,
        wrong: question.options.filter((option) => !(Array.isArray(key) && key.includes(option))).slice(0, 1),
      };
    case 'multiple-choice-grid':
    case 'checkbox-grid':
      return { right: key, wrong: null };
    case 'linear-scale':
    case 'rating': {
      const top = question.type === 'rating' ? (question.settings.stars ?? 5) : (question.settings.scale_max ?? 5);
      return isAnswerRange(key) ? { right: key.min, wrong: Math.max(key.min - 1, 1) } : { right: top, wrong: top };
    }
    case 'date':
      return { right: key, wrong: '2000-01-01' };
    case 'time':
      return { right: key, wrong: '00:00' };
    default:
      return { right: null, wrong: null };
  }
}

// A demo attempt taken through the same functions as a real one: started `daysAgo`, answered so the
// share of points answered right is about `aim` percent, submitted 25 minutes later and graded (the
// hand-graded questions by `graderId` when `status` is 'graded'; left waiting when 'submitted').
export async function takeDemoAttempt({
  db,
  testId,
  applicantId,
  graderCompanyId,
  graderId,
  status,
  aim,
  daysAgo,
}: {
  db: Database;
  testId: string;
  applicantId: string;
  graderCompanyId: string;
  graderId: string;
  status: 'assigned' | 'started' | 'submitted' | 'graded';
  aim: number;
  daysAgo: number;
}) {
  const startedAt = new Date(Date.now() - daysAgo * 24 * 60 * MINUTE_MS);
  const attempt = await buildTestAttempt(db, {
    testId,
    applicantId,
    status: 'assigned',
    assignedAt: new Date(startedAt.getTime() - 60 * MINUTE_MS),
  });
  if (status === 'assigned') return attempt;
  await startAttempt({ db, applicantId, attemptId: attempt.id, now: startedAt });
  if (status === 'started') {
    // Still running: its clock starts now, so the demo shows a live attempt.
    await db
      .update(testAttempts)
      .set({ startedAt: new Date(), deadlineAt: new Date(Date.now() + 60 * MINUTE_MS) })
      .where(eq(testAttempts.id, attempt.id));
    return attempt;
  }
  const [row] = await db
    .select({ questions: testAttempts.questions })
    .from(testAttempts)
    .where(eq(testAttempts.id, attempt.id));
  const questions = snapshotOf(row?.questions);
  const total = questions.reduce((sum, question) => sum + question.points, 0);
  let answeredRight = 0;
  const handGraded: Array<{ question: Question; right: boolean }> = [];
  for (const [index, question] of questions.entries()) {
    const right = total === 0 || (answeredRight + question.points) / total <= aim / 100 + 0.05;
    if (right) answeredRight += question.points;
    const { right: good, wrong } = answersTo(question);
    const answer = right ? good : wrong;
    if (answer !== null && answer !== undefined) {
      await saveAnswer({
        db,
        applicantId,
        attemptId: attempt.id,
        questionId: question.id,
        answer,
        now: new Date(startedAt.getTime() + (index + 1) * MINUTE_MS),
      });
    }
    if (gradingMethodOf(question) === 'manual' && answer !== null) handGraded.push({ question, right });
  }
  await closeAttempt({
    db,
    attemptId: attempt.id,
    closedBy: 'candidate',
    grader: createRubricGrader(),
    now: new Date(startedAt.getTime() + 25 * MINUTE_MS),
  });
  if (status === 'graded') {
    for (const { question, right } of handGraded) {
      await gradeAnswerByHand({
        db,
        companyId: graderCompanyId,
        actorId: graderId,
        attemptId: attempt.id,
        questionId: question.id,
        points: right ? question.points : 0,
        comment: right ? 'Clear and complete.' : 'Misses the point of the question.',
        now: new Date(startedAt.getTime() + 26 * 60 * MINUTE_MS),
      });
    }
  }
  return attempt;
}
