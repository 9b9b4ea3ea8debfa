// Kept apart from the zod schemas (assessments.ts re-exports them) so the public job pages name a job's
// required tests without shipping zod (decision 005).

// The builder offers these four; 'written' is the job dialog's name for tests graded by reading.
export const testBuilderTypes = ['coding', 'mcq', 'mixed', 'language'] as const;
export const testTypes = [...testBuilderTypes, 'written'] as const;
export type TestType = (typeof testTypes)[number];
export const testTypeLabels: Record<TestType, string> = {
  coding: 'Coding',
  mcq: 'MCQ',
  mixed: 'Mixed',
  language: 'Language',
  written: 'Written',
};

// An applicant's tests, as their list filters them (test-attempts.ts re-exports it): to do (assigned or
// started) or done (submitted or graded). Here, without zod, for the dashboard's links (decision 037).
export const applicantAttemptStates = ['to_do', 'done'] as const;
