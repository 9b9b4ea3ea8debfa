import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { InterviewStage } from '~/shared/interview-stages';
import { checkJobRules, draftJobDefaults, type JobFields, jobEditTexts } from '~/shared/jobs';
import type { ScreeningQuestion } from '~/shared/screening-questions';
import type { Database } from '../db/client';
import { type jobs, tests } from '../db/schema';
import { validationError } from '../platform/errors';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { defaultClosingDate } from './default-closing-date';

const dollarsToCents = (dollars: number | null | undefined) => (dollars == null ? null : Math.round(dollars * 100));

// Checks a job's fields for saving (create or edit) and turns them into column values: drafts get
// the spec's defaults for what is empty, anything past draft must meet the publishing rules, and
// every required test must be one of the company's own live tests.
export async function prepareJobValues({
  db,
  companyId,
  fields,
  isDraft,
  keptStartDate,
  keptClosesOn,
  keptScreeningQuestions = [],
  keptInterviewStages = [],
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  fields: JobFields;
  isDraft: boolean;
  // An edit may keep a start date that has passed since the job was saved.
  keptStartDate?: string | null;
  // Likewise a closing date that has passed (a job the sweep closed, edited before it is reopened).
  keptClosesOn?: string | null;
  // An edit keeps the ids of the questions it keeps: answers already given point at them.
  keptScreeningQuestions?: readonly ScreeningQuestion[];
  // Likewise the interview stages it keeps: the applications in them stay there.
  keptInterviewStages?: readonly InterviewStage[];
  now?: Date;
}) {
  const title = fields.title || (isDraft ? draftJobDefaults.title : '');
  const description = fields.description || (isDraft ? draftJobDefaults.description : '');
  const problems = checkJobRules({ ...fields, title, description }, { publishing: !isDraft, now });
  if (problems.start_date && keptStartDate != null && fields.start_date === keptStartDate) {
    delete problems.start_date;
  }
  if (problems.closes_on && keptClosesOn != null && fields.closes_on === keptClosesOn) delete problems.closes_on;

  const testIds = [...new Set(fields.test_ids)];
  const stageTestIds = fields.interview_stages.flatMap((stage) => (stage.test_id ? [stage.test_id] : []));
  const mentioned = [...new Set([...testIds, ...stageTestIds])];
  if (mentioned.length > 0) {
    const found = await db
      .select({ id: tests.id })
      .from(tests)
      .where(and(eq(tests.companyId, companyId), inArray(tests.id, mentioned), isNull(tests.archivedAt)));
    const isFound = (id: string) => found.some((row) => row.id === id);
    if (!testIds.every(isFound)) problems.test_ids = jobEditTexts.testNotFound;
    fields.interview_stages.forEach((stage, index) => {
      if (stage.test_id && !isFound(stage.test_id)) {
        problems[`interview_stages.${index}.test_id`] = jobEditTexts.testNotFound;
      }
    });
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  // A job that takes applications always has a last day: the company's, or the platform's default validity.
  const closesOn =
    fields.closes_on ??
    (isDraft ? null : defaultClosingDate((await getPlatformSettings({ db })).job_validity_days, now));

  const isHourly = fields.engagement_type === 'hourly';
  const values = {
    title,
    description,
    engagementType: fields.engagement_type,
    // A job keeps only the budget of its engagement type (docs/spec/portal-and-public-site.md §3: min/max hourly only,
    // total fixed only).
    budgetMinCents: isHourly ? dollarsToCents(fields.budget_min) : null,
    budgetMaxCents: isHourly ? dollarsToCents(fields.budget_max) : null,
    budgetTotalCents: isHourly ? null : dollarsToCents(fields.budget_total),
    weeklyHours: fields.weekly_hours,
    openings: fields.openings,
    startDate: fields.start_date ?? null,
    closesOn,
    applicantLocations: fields.applicant_locations,
    skillTags: fields.skill_tags,
    timezone: fields.timezone,
    requiredCerts: fields.required_certs,
    visibility: fields.visibility,
    ccEmail: fields.cc_email,
    screeningQuestions: fields.screening_questions.map(({ id, question, required }) => ({
      id: id && keptScreeningQuestions.some((kept) => kept.id === id) ? id : randomUUID(),
      question,
      required,
    })),
    interviewStages: fields.interview_stages.map(({ id, name, test_id }) => ({
      id: id && keptInterviewStages.some((kept) => kept.id === id) ? id : randomUUID(),
      name,
      test_id,
    })),
  } satisfies Partial<typeof jobs.$inferInsert>;
  return { values, testIds };
}
