import { eq } from 'drizzle-orm';
import type { QuestionInput, QuestionType } from '~/shared/assessments';
import type { CompanyRole } from '~/shared/permissions';
import { companyMembers, jobs } from '../db/schema';
import { signedInAccount } from './auth-helpers';
import type { TestApp } from './test-app';

// One complete question of each of the twelve types, with an answer key wherever one can be set.
export const questionOfEachType: Record<QuestionType, QuestionInput> = {
  'short-answer': {
    type: 'short-answer',
    question: 'Which hook holds local state in React?',
    answer_key: ['useState'],
  },
  paragraph: {
    type: 'paragraph',
    question: 'Describe how you would calm an angry customer.',
    points: 5,
    use_ai: true,
    rubric: 'Acknowledges the feeling, apologises, offers a concrete next step.',
  },
  'multiple-choice': {
    type: 'multiple-choice',
    question: 'Which status code means not found?',
    options: ['200', '404', '', ''],
    answer_key: '404',
  },
  checkboxes: {
    type: 'checkboxes',
    question: 'Which are JavaScript frameworks?',
    options: ['React', 'Django', 'Vue', 'Rails'],
    answer_key: ['React', 'Vue'],
    points: 2,
  },
  dropdown: { type: 'dropdown', question: 'Pick the largest number.', options: ['3', '7', '5'], answer_key: '7' },
  'file-upload': { type: 'file-upload', question: 'Upload a writing sample.' },
  'linear-scale': {
    type: 'linear-scale',
    question: 'How comfortable are you with spreadsheets?',
    settings: { scale_min: 0, scale_max: 10, min_label: 'Not at all', max_label: 'Expert' },
  },
  rating: { type: 'rating', question: 'Rate your English.', settings: { stars: 10 } },
  'multiple-choice-grid': {
    type: 'multiple-choice-grid',
    question: 'Match each tool to its use.',
    settings: { rows: ['Git', 'Jest'], columns: ['Testing', 'Version control'] },
    answer_key: { Git: 'Version control', Jest: 'Testing' },
  },
  'checkbox-grid': {
    type: 'checkbox-grid',
    question: 'Which days can you work which shifts?',
    settings: { rows: ['Morning', 'Evening'], columns: ['Mon', 'Tue'] },
    answer_key: { Morning: ['Mon', 'Tue'] },
  },
  date: { type: 'date', question: 'When is US Independence Day in 2026?', answer_key: '2026-07-04' },
  time: { type: 'time', question: 'What is 2:30 PM on a 24-hour clock?', answer_key: '14:30' },
};

// A job row with only what the table needs: the jobs API has its own factories and rules.
export async function insertJob(
  testApp: TestApp,
  { companyId, status = 'open' }: { companyId: string; status?: 'draft' | 'open' | 'paused' | 'closed' | 'archived' },
) {
  const [job] = await testApp.database.db
    .insert(jobs)
    .values({ companyId, title: `Job (${status})`, description: 'A job for the tests of tests.', status })
    .returning();
  if (!job) throw new Error('The job was not created.');
  return job;
}

// A second person at the same company, signed in (an Admin unless told).
export async function signedInColleague(testApp: TestApp, companyId: string, role: CompanyRole = 'admin') {
  return signedInAccount(testApp, { role: 'company', company: { id: companyId, role } });
}

// The company a signed-in company account acts for.
export async function companyIdOf(testApp: TestApp, userId: string): Promise<string> {
  const [membership] = await testApp.database.db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!membership) throw new Error(`User ${userId} belongs to no company.`);
  return membership.companyId;
}
