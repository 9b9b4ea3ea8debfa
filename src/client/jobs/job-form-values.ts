import {
  checkJobRules,
  DEFAULT_OPENINGS,
  DEFAULT_TIMEZONE,
  DEFAULT_WEEKLY_HOURS,
  draftJobDefaults,
  type EngagementType,
  type Job,
  jobCertifications,
  jobFieldsSchema,
  jobTexts,
  type UpdateJobInput,
} from '~/shared/jobs';

// What the Create/Edit Job form holds: number fields as typed (strings), so an empty box stays empty
// instead of turning into 0, and the conversions to and from the API's payload.

export interface JobFormValues {
  title: string;
  engagement_type: EngagementType;
  budget_min: string;
  budget_max: string;
  budget_total: string;
  weekly_hours: string;
  openings: string;
  start_date: string | null;
  // The last day it takes applications (empty: the platform's default validity), and where applicants may live.
  closes_on: string | null;
  applicant_locations: string[];
  timezone: string;
  visibility: 'public' | 'private';
  cc_email: string;
  test_ids: string[];
  required_certs: string[];
  skill_tags: string[];
  description: string;
  // question_id: the question's id once saved (an edit keeps it), empty for a new one.
  screening_questions: ScreeningQuestionRow[];
  // stage_id: the stage's id once saved (an edit keeps it, and the applications in it), empty for a new one.
  interview_stages: InterviewStageRow[];
}

export interface InterviewStageRow {
  stage_id: string;
  name: string;
  // The test the stage sends, '' for none.
  test_id: string;
}

export interface ScreeningQuestionRow {
  question_id: string;
  question: string;
  required: boolean;
}

export const emptyScreeningQuestion: ScreeningQuestionRow = { question_id: '', question: '', required: true };

type JobFormField = keyof JobFormValues;

export const jobFormFields: readonly JobFormField[] = [
  'title',
  'engagement_type',
  'budget_min',
  'budget_max',
  'budget_total',
  'weekly_hours',
  'openings',
  'start_date',
  'closes_on',
  'applicant_locations',
  'timezone',
  'visibility',
  'cc_email',
  'test_ids',
  'required_certs',
  'skill_tags',
  'description',
  'screening_questions',
  'interview_stages',
];

// The fields a message can land on, each question's and stage's box before its list (the first is focused).
export function jobFormFieldsOf(values: Pick<JobFormValues, 'screening_questions' | 'interview_stages'>): string[] {
  const questions = values.screening_questions.map((_, index) => `screening_questions.${index}.question`);
  const stages = values.interview_stages.flatMap((_, index) => [
    `interview_stages.${index}.name`,
    `interview_stages.${index}.test_id`,
  ]);
  const lists: readonly JobFormField[] = ['screening_questions', 'interview_stages'];
  return [
    ...jobFormFields.filter((field) => !lists.includes(field)),
    ...questions,
    'screening_questions',
    ...stages,
    'interview_stages',
  ];
}

// docs/spec/portal-and-public-site.md §9: hourly, 20 hours a week, UTC+00:00, public.
export const emptyJobFormValues: JobFormValues = {
  title: '',
  engagement_type: 'hourly',
  budget_min: '',
  budget_max: '',
  budget_total: '',
  weekly_hours: String(DEFAULT_WEEKLY_HOURS),
  openings: String(DEFAULT_OPENINGS),
  start_date: null,
  closes_on: null,
  applicant_locations: [],
  timezone: DEFAULT_TIMEZONE,
  visibility: 'public',
  cc_email: '',
  test_ids: [],
  required_certs: [],
  skill_tags: [],
  description: '',
  screening_questions: [],
  interview_stages: [],
};

const numberText = (value: number | null) => (value == null ? '' : String(value));

export function jobToFormValues(job: Job): JobFormValues {
  return {
    title: job.title,
    engagement_type: job.engagement_type,
    budget_min: numberText(job.budget_min),
    budget_max: numberText(job.budget_max),
    budget_total: numberText(job.budget_total),
    weekly_hours: String(job.weekly_hours),
    openings: String(job.openings),
    start_date: job.start_date,
    closes_on: job.closes_on,
    applicant_locations: job.applicant_locations,
    timezone: job.timezone,
    visibility: job.visibility,
    cc_email: job.cc_email ?? '',
    test_ids: job.test_ids,
    required_certs: job.required_certs,
    skill_tags: job.skill_tags,
    description: job.description,
    screening_questions: job.screening_questions.map(({ id, question, required }) => ({
      question_id: id,
      question,
      required,
    })),
    interview_stages: job.interview_stages.map(({ id, name, test_id }) => ({
      stage_id: id,
      name,
      test_id: test_id ?? '',
    })),
  };
}

// An empty box is "not given"; anything else is a number, or NaN so the schema names the problem.
const parseNumber = (value: string): number | null => (value.trim() === '' ? null : Number(value));

// The payload of POST /api/jobs and PUT /api/jobs/:id. Only the budget of the chosen engagement type
// is sent (docs/spec/portal-and-public-site.md §3: min and max for hourly jobs, the total for fixed-price ones).
export function formValuesToFields(values: JobFormValues): UpdateJobInput {
  const isHourly = values.engagement_type === 'hourly';
  const weeklyHours = parseNumber(values.weekly_hours);
  const openings = parseNumber(values.openings);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    engagement_type: values.engagement_type,
    budget_min: isHourly ? parseNumber(values.budget_min) : null,
    budget_max: isHourly ? parseNumber(values.budget_max) : null,
    budget_total: isHourly ? null : parseNumber(values.budget_total),
    // An emptied hours box is a mistake to point out, not a request for the default.
    weekly_hours: weeklyHours ?? Number.NaN,
    // Likewise an emptied openings box.
    openings: openings ?? Number.NaN,
    start_date: values.start_date,
    closes_on: values.closes_on,
    applicant_locations: values.applicant_locations,
    skill_tags: values.skill_tags,
    timezone: values.timezone,
    test_ids: values.test_ids,
    required_certs: values.required_certs.filter(isCertification),
    visibility: values.visibility,
    cc_email: values.cc_email.trim() || null,
    screening_questions: values.screening_questions.map(({ question_id, question, required }) => ({
      ...(question_id ? { id: question_id } : {}),
      question,
      required,
    })),
    interview_stages: values.interview_stages.map(({ stage_id, name, test_id }) => ({
      ...(stage_id ? { id: stage_id } : {}),
      name,
      test_id: test_id || null,
    })),
  };
}

type Certification = (typeof jobCertifications)[number];
const isCertification = (value: string): value is Certification =>
  (jobCertifications as readonly string[]).includes(value);

// Save as Draft fills what the form leaves empty (docs/spec/portal-and-public-site.md §5).
export function withDraftDefaults(fields: UpdateJobInput): UpdateJobInput {
  return {
    ...fields,
    title: fields.title || draftJobDefaults.title,
    description: fields.description || draftJobDefaults.description,
  };
}

interface ValidateOptions {
  publishing: boolean;
  // An edit may keep a start date that has passed since the job was saved (the server allows it too).
  keptStartDate?: string | null;
  // Likewise a closing date that has passed (a job the sweep closed).
  keptClosesOn?: string | null;
  now?: Date;
}

// Field → message for everything the form can check before sending: the schema's rules (title length,
// hours 1–60, rates and total at least 1, email) and the cross-field ones of checkJobRules.
export function validateJobForm(
  values: JobFormValues,
  { publishing, keptStartDate, keptClosesOn, now = new Date() }: ValidateOptions,
): Partial<Record<JobFormField, string>> & Record<string, string> {
  const problems: Partial<Record<JobFormField, string>> & Record<string, string> = {};
  const fields = formValuesToFields(values);
  const parsed = jobFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      // A question's or stage's own problem goes to its box ('screening_questions.1.question').
      const name =
        field === 'screening_questions' && typeof index === 'number'
          ? `${field}.${index}.question`
          : field === 'interview_stages' && typeof index === 'number'
            ? `${field}.${index}.name`
            : field;
      if (typeof field === 'string' && isFormField(field) && typeof name === 'string') problems[name] ??= issue.message;
    }
  }
  const rules = checkJobRules(
    {
      title: fields.title ?? '',
      description: fields.description ?? '',
      engagement_type: values.engagement_type,
      budget_min: numberOrNull(fields.budget_min),
      budget_max: numberOrNull(fields.budget_max),
      budget_total: numberOrNull(fields.budget_total),
      start_date: fields.start_date,
      closes_on: fields.closes_on,
    },
    { publishing, now },
  );
  if (rules.start_date && keptStartDate != null && values.start_date === keptStartDate) delete rules.start_date;
  if (rules.closes_on && keptClosesOn != null && values.closes_on === keptClosesOn) delete rules.closes_on;
  for (const [field, message] of Object.entries(rules)) {
    if (isFormField(field) && !problems[field]) problems[field] = message;
  }
  return problems;
}

const numberOrNull = (value: number | null | undefined) => (value == null || Number.isNaN(value) ? null : value);

function isFormField(field: string): field is JobFormField {
  return (jobFormFields as readonly string[]).includes(field);
}

interface PublishProblem {
  field: JobFormField;
  title: string;
  description: string;
}

// What Publish Job checks first, in the spec's order (docs/spec/portal-and-public-site.md §5), each with its toast.
export function findPublishProblem(values: JobFormValues): PublishProblem | null {
  if (!values.title.trim()) {
    return { field: 'title', title: jobTexts.missingInformation, description: jobTexts.titleRequired };
  }
  if (values.engagement_type === 'hourly') {
    const field = !values.budget_min.trim() ? 'budget_min' : !values.budget_max.trim() ? 'budget_max' : null;
    if (field) return { field, title: jobTexts.missingBudget, description: jobTexts.hourlyRatesRequired };
  } else if (!values.budget_total.trim()) {
    return { field: 'budget_total', title: jobTexts.missingBudget, description: jobTexts.totalRequired };
  }
  if (!values.description.trim()) {
    return { field: 'description', title: jobTexts.missingInformation, description: jobTexts.descriptionRequired };
  }
  return null;
}

// Adds the item when absent, removes it when present (tests and certifications).
export function toggleItem<Item>(items: readonly Item[], item: Item): Item[] {
  return items.includes(item) ? items.filter((other) => other !== item) : [...items, item];
}
