import { and, asc, eq, isNull } from 'drizzle-orm';
import type { InterviewStage } from '~/shared/interview-stages';
import { type ApplicationSource, addDays, todayInUtc } from '~/shared/job-reach';
import type { ScreeningAnswer, ScreeningQuestion } from '~/shared/screening-questions';
import { companyMembers, jobs, tests, users } from '../db/schema';
import { demoAccounts } from './demo-accounts';
import type { DemoSeeder } from './demo-seeder';
import { buildApplication, buildJob, buildTestAttempt, type JobOverrides } from './job-factories';
import { demoCoverLetter } from './talent-factories';

const DAY_MS = 24 * 60 * 60 * 1000;

type ApplicationStage = 'submitted' | 'shortlisted' | 'interviewing' | 'offered' | 'hired' | 'rejected';

interface DemoJob {
  job: Omit<JobOverrides, 'companyId'>;
  // Days before today the job was created and (unless a draft) published.
  publishedDaysAgo: number;
  // Each application: who, at what stage, how many days after publication it arrived.
  // An application in Interviewing on a job with interview stages names its stage.
  applications?: Array<{
    name: string;
    stage: ApplicationStage;
    afterDays: number;
    rate?: number;
    interviewStage?: string;
  }>;
}

// The React job's interviews, in order (shared/interview-stages.ts).
const reactInterviewStages = [
  { id: '7c2e5f3a-4d6b-4e8c-a0bf-2b3c4d5e6f70', name: 'Phone screen', test_id: null },
  { id: '8d3f6a4b-5e7c-4f9d-b1c0-3c4d5e6f7081', name: 'Technical interview', test_id: null },
  { id: '9e4a7b5c-6f8d-4a0e-c2d1-4d5e6f708192', name: 'Final interview', test_id: null },
];

// The React job's screening questions, and answers its applicants gave (one each, in turn).
const reactQuestions = [
  {
    id: '5a0c3d1e-2b4f-4c6a-8e9d-0f1a2b3c4d5e',
    question: 'Which React app that you built are you proudest of, and what was your part in it?',
    required: true,
    answers: [
      'A booking portal for 40 clinics: I led the move from class components to hooks and cut its bundle by half.',
      'An internal analytics dashboard used by 300 people a day; I built its charts and the filters behind them.',
      'A checkout rebuilt in Next.js. I owned the payment step and its accessibility audit.',
      'A design system of 60 components, documented in Storybook, shared by four product teams.',
    ],
  },
  {
    id: '6b1d4e2f-3c5a-4d7b-9fae-1a2b3c4d5e6f',
    question: 'How many hours a day can you overlap with US Eastern time?',
    required: false,
    answers: ['Four to five hours.', 'All of my working day.', 'Three hours, more on Tuesdays and Thursdays.', ''],
  },
];

// The answers the demo applicant at `position` gave to a job's questions (none when it asks none).
export function demoScreeningAnswers(questions: readonly ScreeningQuestion[], position: number): ScreeningAnswer[] {
  return questions.map(({ id, question }) => {
    const answers = reactQuestions.find((asked) => asked.id === id)?.answers ?? [];
    return { question_id: id, question, answer: answers[position % answers.length] ?? '' };
  });
}
const screeningAnswersFor = (position: number) => demoScreeningAnswers(reactQuestions, position);

// Where an application in Interviewing sits among its job's stages, and the history that says so.
function interviewStageOf(stages: readonly InterviewStage[], name: string | undefined, at: Date) {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) return {};
  const reached = ['submitted', 'shortlisted'] as const;
  return {
    interviewStageId: stage.id,
    history: [
      ...reached.map((status) => ({ status, at: at.toISOString(), by: null })),
      ...stages.slice(0, stages.indexOf(stage) + 1).map((step) => ({
        status: 'interviewing' as const,
        at: at.toISOString(),
        by: null,
        interview_stage: step.name,
      })),
    ],
  };
}

const description = (text: string) =>
  `${text}\n\nYou will work remotely with a small, friendly team, with overlap of at least four hours with ` +
  'our core hours. We value clear written communication and shipping in small steps.';

const hourly = (min: number, max: number) => ({
  engagementType: 'hourly' as const,
  budgetMinCents: min * 100,
  budgetMaxCents: max * 100,
});
const fixed = (total: number) => ({
  engagementType: 'fixed' as const,
  budgetMinCents: null,
  budgetMaxCents: null,
  budgetTotalCents: total * 100,
});

// Ten jobs in every status, with applications at every stage so the summary cards and the
// Analytics tab show real figures. As the job form promises, a job whose hires fill its openings is
// closed: the open ones with a hire have openings left.
const demoJobs: DemoJob[] = [
  {
    job: {
      title: 'Senior React Engineer',
      status: 'open',
      ...hourly(60, 80),
      weeklyHours: 40,
      // One hired and an offer out: still looking for the third.
      openings: 3,
      skillTags: ['React', 'TypeScript', 'Next.js'],
      requiredCerts: ['AWS Solutions Architect'],
      screeningQuestions: reactQuestions.map(({ id, question, required }) => ({ id, question, required })),
      interviewStages: reactInterviewStages,
      timezone: 'UTC-05:00',
      description: description('Lead the front end of our customer portal, built with React and TypeScript.'),
    },
    publishedDaysAgo: 70,
    applications: [
      { name: 'Priya Natarajan', stage: 'hired', afterDays: 2, rate: 72 },
      { name: 'Lucas Almeida', stage: 'offered', afterDays: 5, rate: 78 },
      { name: 'Sofia Marquez', stage: 'interviewing', afterDays: 30, rate: 70, interviewStage: 'Technical interview' },
      { name: 'Daniel Kim', stage: 'interviewing', afterDays: 52, rate: 75, interviewStage: 'Phone screen' },
      { name: 'Amara Obi', stage: 'shortlisted', afterDays: 60, rate: 65 },
      { name: 'Tomasz Nowak', stage: 'submitted', afterDays: 66, rate: 80 },
      { name: 'Hannah Berg', stage: 'rejected', afterDays: 12, rate: 95 },
    ],
  },
  {
    job: {
      title: 'Product Designer (UI/UX)',
      status: 'open',
      ...hourly(45, 65),
      weeklyHours: 30,
      openings: 2,
      skillTags: ['Design', 'Figma', 'React'],
      description: description('Design flows and components for our web app, from research to hand-off.'),
    },
    publishedDaysAgo: 45,
    applications: [
      { name: 'Mei Tanaka', stage: 'hired', afterDays: 4, rate: 55 },
      { name: 'Oliver Grant', stage: 'interviewing', afterDays: 20, rate: 60 },
      { name: 'Fatima Zahra', stage: 'submitted', afterDays: 41, rate: 50 },
    ],
  },
  {
    job: {
      title: 'Customer Support Specialist',
      status: 'open',
      ...hourly(18, 25),
      weeklyHours: 40,
      skillTags: ['Customer Service', 'Zendesk'],
      timezone: 'UTC+08:00',
      description: description('Answer customer emails and chats, and keep our help centre up to date.'),
    },
    publishedDaysAgo: 14,
    applications: [
      { name: 'Grace Mensah', stage: 'interviewing', afterDays: 3, rate: 20 },
      { name: 'Rafael Cruz', stage: 'submitted', afterDays: 9, rate: 19 },
      { name: 'Nadia Petrova', stage: 'submitted', afterDays: 12, rate: 22 },
    ],
  },
  {
    job: {
      title: 'TypeScript Backend Developer',
      status: 'paused',
      ...hourly(55, 75),
      skillTags: ['TypeScript', 'Node.js', 'PostgreSQL'],
      description: description('Build the APIs behind our scheduling product in TypeScript on Node.js.'),
    },
    publishedDaysAgo: 35,
    applications: [
      { name: 'Ethan Brooks', stage: 'offered', afterDays: 10, rate: 70 },
      { name: 'Aisha Khan', stage: 'shortlisted', afterDays: 16, rate: 62 },
    ],
  },
  {
    job: {
      title: 'Brand Identity Refresh',
      status: 'paused',
      ...fixed(5_000),
      skillTags: ['Design', 'Branding'],
      visibility: 'private',
      description: description('Refresh our logo, colours and type for the new website.'),
    },
    publishedDaysAgo: 21,
  },
  {
    job: {
      title: 'Bookkeeper (QuickBooks)',
      status: 'closed',
      ...hourly(30, 40),
      weeklyHours: 10,
      skillTags: ['Accounting', 'QuickBooks'],
      description: description('Keep our books, reconcile accounts and prepare monthly reports.'),
    },
    publishedDaysAgo: 80,
    applications: [
      { name: 'Carlos Ruiz', stage: 'hired', afterDays: 6, rate: 35 },
      { name: 'Elena Rossi', stage: 'rejected', afterDays: 8, rate: 38 },
    ],
  },
  {
    job: {
      title: 'Marketing Website Redesign',
      status: 'closed',
      ...fixed(8_500),
      skillTags: ['Design', 'React', 'Webflow'],
      description: description('Redesign and rebuild our marketing site, with a CMS the team can edit.'),
    },
    publishedDaysAgo: 60,
    applications: [{ name: 'Jonah Fischer', stage: 'hired', afterDays: 3 }],
  },
  {
    job: {
      title: 'Data Entry Assistant',
      status: 'draft',
      ...hourly(15, 20),
      skillTags: ['Data Entry', 'Excel'],
      description: description('Enter and check product data in our catalogue.'),
    },
    publishedDaysAgo: 2,
  },
  {
    job: {
      title: 'DevOps Engineer (AWS)',
      status: 'draft',
      engagementType: 'hourly',
      budgetMinCents: null,
      budgetMaxCents: null,
      skillTags: ['AWS', 'Kubernetes', 'TypeScript'],
      requiredCerts: ['AWS Solutions Architect', 'Kubernetes Administrator'],
      description: 'Job description to be added.',
    },
    publishedDaysAgo: 1,
  },
  {
    job: {
      title: 'Virtual Assistant',
      status: 'archived',
      ...hourly(12, 18),
      skillTags: ['Administration', 'Scheduling'],
      description: description('Manage calendars, inboxes and travel for two founders.'),
    },
    publishedDaysAgo: 120,
    applications: [{ name: 'Maria Santos', stage: 'rejected', afterDays: 5, rate: 15 }],
  },
];

const demoCompanyEmail = demoAccounts.find((account) => account.role === 'company')?.email ?? '';
const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';

// Where the demo jobs' applicants may live, in turn: countries, regions, or (empty) anywhere.
const demoApplicantLocations: string[][] = [
  ['US', 'CA'],
  ['DE', 'AT', 'CH'],
  [],
  ['US-CA', 'US-NY', 'US-WA'],
  ['GB', 'IE'],
  ['PH', 'IN', 'PK'],
];
// Where the demo applications came from, in turn; every fifth came through the company owner's referral link.
const demoSources: ApplicationSource[] = ['tandem', 'indeed', 'google', 'tandem', 'referral', 'feed', 'shared_link'];

// Which demo tests (demo-tests.ts) each demo job asks its applicants to take.
const requiredTestNames: Record<string, string[]> = {
  'Senior React Engineer': ['React Front-End Fundamentals'],
  'TypeScript Backend Developer': ['React Front-End Fundamentals'],
  'Customer Support Specialist': ['Customer Support Writing'],
  'Bookkeeper (QuickBooks)': ['Bookkeeping Basics'],
  'Virtual Assistant': ['Virtual Assistant Skills', 'Customer Support Writing'],
};

// The demo company's job posts, built with the factories the tests use. Skipped when the
// company already has jobs, so a second run changes nothing.
export const demoJobsSeeder: DemoSeeder = {
  name: 'demo jobs',
  async seed({ db }) {
    const [company] = await db
      .select({ companyId: companyMembers.companyId, ownerId: users.id })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, demoCompanyEmail));
    if (!company) return { created: 0 };
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.companyId, company.companyId))
      .limit(1);
    if (existing) return { created: 0 };

    // The demo tests (their seeder runs first) that these jobs require of applicants.
    const activeTests = await db
      .select({ id: tests.id, name: tests.name })
      .from(tests)
      .where(and(eq(tests.companyId, company.companyId), eq(tests.isActive, true), isNull(tests.archivedAt)));
    const testIdsOf = (title: string | undefined) =>
      activeTests.filter((test) => title && requiredTestNames[title]?.includes(test.name)).map((test) => test.id);

    const now = Date.now();
    let created = 0;
    const applicantsForTests: Array<{ applicantId: string; jobId: string }> = [];
    const today = todayInUtc(new Date(now));
    for (const [index, { job, publishedDaysAgo, applications = [] }] of demoJobs.entries()) {
      const publishedAt = new Date(now - publishedDaysAgo * DAY_MS);
      const built = await buildJob(db, {
        companyId: company.companyId,
        // Closing dates a few weeks out, each a little later than the one before (a draft gets its own when
        // it is published).
        closesOn: job.status === 'draft' ? null : addDays(today, 21 + index * 7),
        applicantLocations: demoApplicantLocations[index % demoApplicantLocations.length],
        ...job,
        testIds: testIdsOf(job.title),
        createdAt: publishedAt,
        publishedAt: job.status === 'draft' ? null : publishedAt,
        closedAt: job.status === 'closed' ? new Date(now - 7 * DAY_MS) : null,
        archivedAt: job.status === 'archived' ? new Date(now - 30 * DAY_MS) : null,
      });
      created++;
      for (const [position, application] of applications.entries()) {
        const createdAt = new Date(publishedAt.getTime() + application.afterDays * DAY_MS);
        const offeredAt = new Date(createdAt.getTime() + 6 * DAY_MS);
        const hiredAt = new Date(createdAt.getTime() + 9 * DAY_MS);
        const reachedOffer = application.stage === 'offered' || application.stage === 'hired';
        const source = demoSources[(index + position) % demoSources.length] ?? 'tandem';
        const builtApplication = await buildApplication(db, {
          jobId: built.id,
          source,
          referrerId: source === 'referral' ? company.ownerId : null,
          applicantName: application.name,
          status: application.stage,
          coverLetter: demoCoverLetter(built.title, created, built.skillTags),
          proposalRateCents: application.rate == null ? null : application.rate * 100,
          screeningAnswers: demoScreeningAnswers(job.screeningQuestions ?? [], position),
          ...interviewStageOf(job.interviewStages ?? [], application.interviewStage, createdAt),
          createdAt,
          updatedAt: application.stage === 'hired' ? hiredAt : createdAt,
          offeredAt: reachedOffer ? offeredAt : null,
          hiredAt: application.stage === 'hired' ? hiredAt : null,
        });
        created++;
        if (application.stage === 'interviewing' || application.stage === 'shortlisted') {
          applicantsForTests.push({ applicantId: builtApplication.applicantId, jobId: built.id });
        }
      }
      // The demo talent has applied to the first job, so their side has something to show too.
      if (job.title === 'Senior React Engineer') {
        const [talent] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoTalentEmail));
        if (talent) {
          await buildApplication(db, {
            jobId: built.id,
            applicantId: talent.id,
            coverLetter: demoCoverLetter(built.title, created, built.skillTags),
            screeningAnswers: screeningAnswersFor(applications.length),
            status: 'submitted',
            createdAt: new Date(now - DAY_MS),
          });
          created++;
        }
      }
    }

    // Tests come from their own seeder; when one exists, the candidates in the pipeline have taken it.
    const [test] = await db
      .select({ id: tests.id })
      .from(tests)
      .where(and(eq(tests.companyId, company.companyId), isNull(tests.archivedAt)))
      .orderBy(asc(tests.createdAt))
      .limit(1);
    if (test) {
      for (const [index, candidate] of applicantsForTests.entries()) {
        const graded = index % 2 === 0;
        await buildTestAttempt(db, {
          testId: test.id,
          ...candidate,
          status: graded ? 'graded' : 'assigned',
          score: graded ? 70 + index * 4 : null,
          passed: graded ? 70 + index * 4 >= 70 : null,
        });
        created++;
      }
    }
    return { created };
  },
};
