import type { Test, TestInput, TestSummary } from '~/shared/assessments';
import { normalizeTest, testFieldsSchema } from '~/shared/assessments';
import type { CurrentUser } from '~/shared/auth';
import { type CreateJobInput, createJobSchema, type Job, type JobSummary } from '~/shared/jobs';
import type { MeetingType } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';

// API answers for component tests, with typed overrides (bulletproof-react's src/testing/data-generators.ts).

let lastNumber = 0;
// A uuid-shaped id, different each call.
export function fakeId(): string {
  lastNumber += 1;
  return `00000000-0000-4000-8000-${String(lastNumber).padStart(12, '0')}`;
}

export function companyUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: fakeId(),
    email: 'hiring@acme.test',
    name: 'Ada Hiring',
    role: 'company',
    email_verified: true,
    has_password: true,
    company: { id: fakeId(), name: 'Acme', role: 'owner', currency: 'USD' },
    ...overrides,
  };
}

export function applicantUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: fakeId(),
    email: 'ada@talent.test',
    name: 'Ada Talent',
    role: 'applicant',
    email_verified: true,
    has_password: true,
    company: null,
    ...overrides,
  };
}

export const emptyJobSummary: JobSummary = {
  open_jobs: 0,
  paused_jobs: 0,
  pending_interviews: 0,
  tests_assigned: 0,
  avg_time_to_hire_days: null,
};

// The test the server would store for this payload (its normalisation and defaults).
export function testFromInput(input: TestInput, overrides: Partial<Test> = {}): Test {
  const stored = normalizeTest(testFieldsSchema.parse(input));
  const now = new Date().toISOString();
  return {
    id: fakeId(),
    name: stored.name,
    description: stored.description,
    type: stored.type,
    time_limit: stored.time_limit,
    pass_rate: stored.pass_rate,
    is_active: stored.is_active,
    is_public: stored.is_public,
    archived: false,
    status: stored.is_active ? 'active' : 'draft',
    is_favorite: false,
    question_count: stored.questions.length,
    linked_jobs: 0,
    attempts: { total: 0, avg_score: null },
    created_at: now,
    updated_at: now,
    questions: stored.questions.map((question) => ({ ...question, id: fakeId() })),
    ...overrides,
  };
}

export function testSummaryOf({ questions: _questions, ...summary }: Test): TestSummary {
  return summary;
}

// The job the server would store for this payload (its defaults; a draft's empty title and description
// filled as the client sends them).
export function jobFromInput(input: CreateJobInput, overrides: Partial<Job> = {}): Job {
  const { status, ...fields } = createJobSchema.parse(input);
  const now = new Date().toISOString();
  return {
    id: fakeId(),
    company_name: 'Acme',
    ...fields,
    budget_min: fields.budget_min ?? null,
    budget_max: fields.budget_max ?? null,
    budget_total: fields.budget_total ?? null,
    currency: 'USD',
    start_date: fields.start_date ?? null,
    closes_on: fields.closes_on ?? null,
    screening_questions: fields.screening_questions.map((question) => ({ ...question, id: question.id ?? fakeId() })),
    interview_stages: fields.interview_stages.map((stage) => ({ ...stage, id: stage.id ?? fakeId() })),
    status,
    launch_date: now,
    published_at: status === 'open' ? now : null,
    closed_at: null,
    created_at: now,
    updated_at: now,
    applications_count: 0,
    new_applications_count: 0,
    applications_seen_at: null,
    hired_count: 0,
    pipeline_stage: null,
    ...overrides,
  };
}

// The meeting the server answers for one scheduled from `body` (Schedule Meeting, Meet Now): its room at a
// fixed join address, the organizer accepted.
export function scheduledMeeting(body: {
  application_id: string;
  starts_at: string;
  duration_minutes: number;
  type?: MeetingType;
  title?: string;
  call_link?: string;
}): Meeting {
  const now = new Date().toISOString();
  return {
    id: fakeId(),
    type: body.type ?? 'interview',
    title: body.title ?? 'Interview: Night Support',
    notes: null,
    starts_at: body.starts_at,
    ends_at: new Date(Date.parse(body.starts_at) + body.duration_minutes * 60_000).toISOString(),
    duration_minutes: body.duration_minutes,
    status: 'scheduled',
    cancel_reason: null,
    sequence: 0,
    company: { id: fakeId(), name: 'Acme' },
    application_id: body.application_id,
    join_url: '/meet/abcdefghijklmnopqrstuvwx',
    call_link: body.call_link ?? null,
    participants: [],
    my_response: 'accepted',
    created_at: now,
    updated_at: now,
  };
}
