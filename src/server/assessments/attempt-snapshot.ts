import type { Question } from '~/shared/assessments';

// The snapshot the attempt was started with (start-attempt.ts writes it).
export const snapshotOf = (questions: unknown): Question[] =>
  Array.isArray(questions) ? (questions as Question[]) : [];
