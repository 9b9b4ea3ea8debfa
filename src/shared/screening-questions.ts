import { z } from 'zod';
import { singleLine, text } from './text';

// A job's screening questions (as Upwork's and Greenhouse's): the company asks up to five, each required or
// not; an applicant answers them as they apply. An application keeps each question as it was asked, so a
// later edit of the job changes nothing an applicant already answered.

export const SCREENING_QUESTIONS_MAX = 5;
export const SCREENING_QUESTION_MAX_LENGTH = 300;
export const SCREENING_ANSWER_MAX_LENGTH = 2_000;

export const screeningTexts = {
  heading: 'Screening questions',
  hint: `Ask applicants up to ${SCREENING_QUESTIONS_MAX} questions they answer as they apply.`,
  add: 'Add question',
  remove: 'Remove question',
  required: 'Required',
  optional: 'Optional',
  questionLabel: (position: number) => `Question ${position}`,
  questionRequired: 'Write the question, or remove it.',
  questionTooLong: `A question is at most ${SCREENING_QUESTION_MAX_LENGTH} characters.`,
  tooMany: `A job asks at most ${SCREENING_QUESTIONS_MAX} screening questions.`,
  answerRequired: 'Answer this question to apply.',
  answerTooLong: `An answer is at most ${SCREENING_ANSWER_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  unknownQuestion: 'This job does not ask that question any more. Reload the page to see its questions.',
  noAnswer: 'Not answered',
} as const;

// A question as the company writes it; an id it had is kept, so an edit keeps pointing at the same question.
export const screeningQuestionInputSchema = z.object({
  id: z.uuid().optional(),
  question: singleLine()
    .trim()
    .min(1, { message: screeningTexts.questionRequired })
    .max(SCREENING_QUESTION_MAX_LENGTH, { message: screeningTexts.questionTooLong }),
  required: z.boolean().default(true),
});

export const screeningQuestionsInputSchema = z
  .array(screeningQuestionInputSchema)
  .max(SCREENING_QUESTIONS_MAX, { message: screeningTexts.tooMany })
  .default([]);

export const screeningQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  required: z.boolean(),
});
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

// What an applicant sends: an answer per question, by the question's id. A blank answer is no answer.
export const screeningAnswersInputSchema = z
  .array(
    z.object({
      question_id: z.uuid({ message: screeningTexts.unknownQuestion }),
      answer: text().trim().max(SCREENING_ANSWER_MAX_LENGTH, { message: screeningTexts.answerTooLong }),
    }),
  )
  .max(SCREENING_QUESTIONS_MAX, { message: screeningTexts.tooMany })
  .default([]);

// What an application keeps: the question as asked, and the answer ('' for an optional one left blank).
export const screeningAnswerSchema = z.object({
  question_id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswerSchema>;

// The field an answer's error belongs to in the apply form.
export const screeningAnswerField = (questionId: string) => `screening_answers.${questionId}`;

// Each of the job's questions with the applicant's answer, checked: field → message for what is missing or
// not asked. The answers come back in the job's order.
export function answerScreeningQuestions(
  questions: readonly ScreeningQuestion[],
  answers: ReadonlyArray<{ question_id: string; answer: string }>,
): { answers: ScreeningAnswer[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const asked = new Set(questions.map((question) => question.id));
  for (const given of answers) {
    if (!asked.has(given.question_id))
      problems[screeningAnswerField(given.question_id)] = screeningTexts.unknownQuestion;
  }
  const kept = questions.map((question) => {
    const answer = answers.find((given) => given.question_id === question.id)?.answer.trim() ?? '';
    if (question.required && !answer) problems[screeningAnswerField(question.id)] = screeningTexts.answerRequired;
    return { question_id: question.id, question: question.question, answer };
  });
  return { answers: kept, problems };
}
