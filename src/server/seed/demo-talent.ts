import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '~/shared/applications';
import {
  applicantCertifications,
  applicantEducation,
  applicantLanguages,
  applicantPortfolioLinks,
  applicantProfiles,
  applicantWorkHistory,
  applications,
  assignments,
  companyMembers,
  jobs,
  savedJobs,
  users,
} from '../db/schema';
import { demoAccounts } from './demo-accounts';
import { demoScreeningAnswers } from './demo-jobs';
import type { DemoSeeder } from './demo-seeder';
import { buildAccount } from './factories';
import { applicationRow, buildApplication, buildJob } from './job-factories';
import {
  applicantFirstNames,
  applicantLastNames,
  buildApplicantProfile,
  buildApplicants,
  demoCoverLetter,
  fillApplicantProfiles,
  variedProfile,
  variedTrackRecord,
} from './talent-factories';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_APPLICANT_COUNT = 200;

const demoCompanyEmail = demoAccounts.find((account) => account.role === 'company')?.email ?? '';
const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';

// Other companies hiring, so Find Jobs shows more than the demo company's posts.
const otherCompanies = [
  {
    name: 'Harbor Analytics',
    email: 'hiring@harbor-analytics.test',
    jobs: [
      { title: 'Frontend Engineer (React)', skills: ['React', 'TypeScript', 'Tailwind'], min: 45, max: 70, days: 4 },
      { title: 'Data Analyst', skills: ['SQL', 'Python', 'Tableau'], min: 30, max: 50, days: 12 },
    ],
  },
  {
    name: 'Lumen Health',
    email: 'talent@lumen-health.test',
    jobs: [
      { title: 'Full-Stack Engineer', skills: ['React', 'Node.js', 'PostgreSQL'], min: 55, max: 85, days: 8 },
      { title: 'Patient Support Specialist', skills: ['Customer Service', 'Zendesk'], min: 15, max: 22, days: 2 },
    ],
  },
  {
    name: 'Atlas Logistics',
    email: 'people@atlas-logistics.test',
    jobs: [
      { title: 'React Native Developer', skills: ['React Native', 'TypeScript', 'React'], min: 50, max: 75, days: 20 },
      {
        title: 'Virtual Assistant (Operations)',
        skills: ['Scheduling', 'Google Workspace'],
        min: 10,
        max: 18,
        days: 6,
      },
    ],
  },
] as const;

// Stages of the 200 applicants' applications, repeated in this mix.
const stageMix: ApplicationStatus[] = [
  'submitted',
  'submitted',
  'submitted',
  'submitted',
  'shortlisted',
  'shortlisted',
  'interviewing',
  'rejected',
  'submitted',
  'rejected',
];

const daysAgo = (days: number, now: number) => new Date(now - days * DAY_MS);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

// The applicant side of the demo: the demo talent's full profile, applications in several stages and
// saved jobs; three more companies with open jobs; 200 applicants with varied profiles applying to the
// demo company's published jobs; profiles for the applicants the jobs seeder made; offer terms and
// assignments for its offers and hires. Skipped once the demo talent has a profile.
export const demoTalentSeeder: DemoSeeder = {
  name: 'demo talent',
  async seed({ db }) {
    const [talent] = await db
      .select({ id: users.id, headline: applicantProfiles.headline })
      .from(users)
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.email, demoTalentEmail));
    const [company] = await db
      .select({ companyId: companyMembers.companyId })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, demoCompanyEmail));
    if (!talent || !company || talent.headline) return { created: 0 };
    const now = Date.now();
    let created = 0;

    await buildApplicantProfile(db, talent.id, {
      headline: 'Senior React Engineer',
      summary:
        'Front-end engineer with eight years of React and TypeScript, five of them remote for US and European teams. I build accessible design systems and fast, well-tested product screens.',
      hourlyRateCents: 6_500,
      skills: ['React', 'TypeScript', 'Next.js', 'Node.js', 'Jest', 'Tailwind'],
      experienceLevel: 'senior',
      availability: 'full-time',
      region: 'Americas',
      location: 'Bogotá, Colombia',
      timezone: 'America/Bogota',
    });
    // The background a full profile shows (work, education, languages, a certificate and a portfolio
    // link): the README promises a complete demo talent. Their photo is uploaded once the demo data is in
    // (src/server/demo-photo.ts): the file store writes outside this transaction.
    const applicantId = talent.id;
    await db.insert(applicantWorkHistory).values([
      {
        applicantId,
        position: 0,
        title: 'Senior Frontend Engineer',
        company: 'Rappi',
        startMonth: '2022-03-01',
        endMonth: null,
        description: 'Led the design system used by six product teams; cut the checkout bundle by 40%.',
      },
      {
        applicantId,
        position: 1,
        title: 'Frontend Engineer',
        company: 'Globant',
        startMonth: '2018-06-01',
        endMonth: '2022-02-01',
        description: 'React and TypeScript screens for US retail and travel clients, remote from Bogotá.',
      },
    ]);
    await db.insert(applicantEducation).values({
      applicantId,
      position: 0,
      school: 'Universidad de los Andes',
      degree: 'B.Sc. Systems and Computing Engineering',
      startYear: 2012,
      endYear: 2017,
    });
    await db.insert(applicantLanguages).values([
      { applicantId, position: 0, language: 'Spanish', level: 'native' },
      { applicantId, position: 1, language: 'English', level: 'C1' },
    ]);
    await db.insert(applicantCertifications).values({
      applicantId,
      position: 0,
      name: 'AWS Certified Developer – Associate',
      issuer: 'Amazon Web Services',
      issuedMonth: '2023-09-01',
      expiresMonth: '2026-09-01',
      credentialUrl: null,
    });
    await db.insert(applicantPortfolioLinks).values({
      applicantId,
      position: 0,
      title: 'Design system case study',
      url: 'https://example.com/jonas-reyes/design-system',
      description: 'How a shared component library cut UI bugs across six teams.',
    });
    created++;

    // The other companies and their open jobs.
    const otherJobs = new Map<string, string>();
    for (const other of otherCompanies) {
      const { user } = await buildAccount(db, {
        role: 'company',
        email: other.email,
        name: `${other.name} Hiring`,
        companyName: other.name,
        password: null,
      });
      const [membership] = await db
        .select({ companyId: companyMembers.companyId })
        .from(companyMembers)
        .where(eq(companyMembers.userId, user.id));
      if (!membership) continue;
      created++;
      for (const job of other.jobs) {
        const publishedAt = daysAgo(job.days, now);
        const built = await buildJob(db, {
          companyId: membership.companyId,
          title: job.title,
          status: 'open',
          engagementType: 'hourly',
          budgetMinCents: job.min * 100,
          budgetMaxCents: job.max * 100,
          weeklyHours: 40,
          skillTags: [...job.skills],
          description: `${other.name} is hiring a ${job.title} to join a remote team. You will own your work end to end and write clear updates for a team spread over several time zones.`,
          createdAt: publishedAt,
          publishedAt,
        });
        otherJobs.set(job.title, built.id);
        created++;
      }
    }

    // The demo talent's own applications, one per stage worth showing.
    const talentApplications: Array<{ title: string; status: ApplicationStatus; days: number }> = [
      { title: 'Frontend Engineer (React)', status: 'shortlisted', days: 3 },
      { title: 'React Native Developer', status: 'interviewing', days: 15 },
      { title: 'Full-Stack Engineer', status: 'offered', days: 7 },
    ];
    for (const { title, status, days } of talentApplications) {
      const jobId = otherJobs.get(title);
      if (!jobId) continue;
      const createdAt = daysAgo(days, now);
      await buildApplication(db, {
        jobId,
        applicantId: talent.id,
        status,
        coverLetter: demoCoverLetter(title, created, ['React', 'TypeScript']),
        proposalRateCents: 6_500,
        createdAt,
        updatedAt: createdAt,
        ...(status === 'offered'
          ? {
              offerRateCents: 7_000,
              offerWeeklyHours: 40,
              offerStartDate: isoDay(daysAgo(-14, now)),
            }
          : {}),
      });
      created++;
    }
    const [pausedJob] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, company.companyId), eq(jobs.title, 'TypeScript Backend Developer')));
    if (pausedJob) {
      await buildApplication(db, {
        jobId: pausedJob.id,
        applicantId: talent.id,
        coverLetter: demoCoverLetter('TypeScript Backend Developer', created, ['TypeScript', 'Node.js']),
        status: 'rejected',
        rejectionReason: 'The company has decided to move forward with other candidates.',
        createdAt: daysAgo(40, now),
      });
      created++;
    }
    const saved = [otherJobs.get('Data Analyst'), otherJobs.get('Frontend Engineer (React)')].filter(
      (id): id is string => Boolean(id),
    );
    if (saved.length > 0) {
      await db.insert(savedJobs).values(saved.map((jobId) => ({ applicantId: talent.id, jobId })));
      created += saved.length;
    }

    // 200 applicants with varied profiles, each applying to one or two of the demo company's published jobs.
    const publishedJobs = await db
      .select({
        id: jobs.id,
        title: jobs.title,
        skillTags: jobs.skillTags,
        publishedAt: jobs.publishedAt,
        engagementType: jobs.engagementType,
        budgetTotalCents: jobs.budgetTotalCents,
        screeningQuestions: jobs.screeningQuestions,
        interviewStages: jobs.interviewStages,
      })
      .from(jobs)
      .where(and(eq(jobs.companyId, company.companyId), inArray(jobs.status, ['open', 'paused', 'closed'])))
      .orderBy(asc(jobs.publishedAt));
    // Set-based: the demo seeds at a new user's first `npm start`, and row by row it took seconds.
    const numbers = Array.from({ length: DEMO_APPLICANT_COUNT }, (_, index) => index + 1);
    const applicants = await buildApplicants(
      db,
      numbers.map((n) => {
        const first = applicantFirstNames[n % applicantFirstNames.length] ?? 'Alex';
        const last = applicantLastNames[(n * 7) % applicantLastNames.length] ?? 'Doe';
        return {
          email: `${first}.${last}.${n}@talent.tandem.test`,
          name: `${first} ${last}`,
          profile: { ...variedProfile(n), ...variedTrackRecord(n) },
        };
      }),
    );
    created += applicants.length;
    const applicationRows = numbers.flatMap((n, index) => {
      const applicantId = applicants[index]?.id;
      const applyCount = n % 3 === 0 ? 2 : 1;
      return Array.from({ length: applyCount }, (_, k) => k).flatMap((k) => {
        const job = publishedJobs[(n + k * 3) % publishedJobs.length];
        if (!applicantId || !job?.publishedAt) return [];
        const span = Math.max(1, Math.floor((now - job.publishedAt.getTime()) / DAY_MS));
        const createdAt = new Date(job.publishedAt.getTime() + ((n * 17 + k) % span) * DAY_MS);
        const status = stageMix[(n + k) % stageMix.length] ?? 'submitted';
        return [
          applicationRow({
            jobId: job.id,
            applicantId,
            status,
            ...demoProposal(job, n, k, createdAt),
            coverLetter: demoCoverLetter(job.title, n + k, job.skillTags),
            screeningAnswers: demoScreeningAnswers(job.screeningQuestions, n + k),
            // Spread over the job's interview stages, when it has them.
            interviewStageId:
              status === 'interviewing'
                ? (job.interviewStages[(n + k) % Math.max(1, job.interviewStages.length)]?.id ?? null)
                : null,
            createdAt,
            updatedAt: createdAt,
            ...(status === 'rejected'
              ? { rejectionReason: 'The company has decided to move forward with other candidates.' }
              : {}),
          }),
        ];
      });
    });
    if (applicationRows.length > 0) await db.insert(applications).values(applicationRows);
    created += applicationRows.length;

    // The applicants the jobs seeder made get profiles too, so the company's pipeline shows who they are.
    const bare = await db
      .select({ userId: applicantProfiles.userId })
      .from(applicantProfiles)
      .where(and(isNull(applicantProfiles.headline), ne(applicantProfiles.userId, talent.id)))
      .orderBy(asc(applicantProfiles.userId));
    await fillApplicantProfiles(
      db,
      bare.map(({ userId }, index) => {
        const n = DEMO_APPLICANT_COUNT + index + 1;
        return { userId, ...variedProfile(n), ...variedTrackRecord(n) };
      }),
    );
    created += bare.length;

    // Offers carry their terms, and hires their assignment (what accepting an offer makes).
    await db
      .update(applications)
      .set({
        offerRateCents: sql`coalesce(${applications.proposalRateCents}, 5000)`,
        offerWeeklyHours: 40,
        offerStartDate: sql`(coalesce(${applications.offeredAt}, now()) + interval '14 days')::date`,
      })
      .where(and(inArray(applications.status, ['offered', 'hired']), isNull(applications.offerRateCents)));
    const hires = await db
      .select({
        id: applications.id,
        jobId: applications.jobId,
        applicantId: applications.applicantId,
        companyId: jobs.companyId,
        role: jobs.title,
        rateCents: applications.offerRateCents,
        weeklyHours: applications.offerWeeklyHours,
        startDate: applications.offerStartDate,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .leftJoin(assignments, eq(assignments.applicationId, applications.id))
      .where(and(eq(applications.status, 'hired'), isNull(assignments.id)));
    const today = isoDay(new Date(now));
    for (const hire of hires) {
      const startDate = hire.startDate ?? today;
      await db.insert(assignments).values({
        companyId: hire.companyId,
        applicantId: hire.applicantId,
        jobId: hire.jobId,
        applicationId: hire.id,
        role: hire.role,
        rateCents: hire.rateCents ?? 5_000,
        weeklyHours: hire.weeklyHours ?? 40,
        startDate,
        status: startDate <= today ? 'active' : 'pending',
      });
      created++;
    }
    return { created };
  },
};

// What a demo applicant proposed, in the job's terms: a rate near their own for an hourly job; for a
// fixed-price one a total around the budget (whole dollars), every other one split into two milestones due
// two and four weeks after applying.
function demoProposal(
  job: { engagementType: 'hourly' | 'fixed'; budgetTotalCents: number | null },
  n: number,
  k: number,
  appliedAt: Date,
): Pick<typeof applications.$inferInsert, 'proposalRateCents' | 'proposalPriceCents' | 'proposalMilestones'> {
  // Each kind sets all three: the row factory's default is a rate.
  if (job.engagementType === 'hourly') {
    return {
      proposalRateCents: (variedProfile(n).hourlyRateCents ?? 3_000) + k * 500,
      proposalPriceCents: null,
      proposalMilestones: null,
    };
  }
  const budget = job.budgetTotalCents ?? 500_000;
  const price = Math.round((budget * (80 + (n % 5) * 10)) / 100 / 100) * 100;
  if (n % 2 === 0) return { proposalRateCents: null, proposalPriceCents: price, proposalMilestones: null };
  const first = Math.round((price * 0.4) / 100) * 100;
  const dueAfter = (days: number) => new Date(appliedAt.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  return {
    proposalRateCents: null,
    proposalPriceCents: price,
    proposalMilestones: [
      { title: 'Discovery and first drafts', description: '', amount_cents: first, due_date: dueAfter(14) },
      { title: 'Final delivery', description: '', amount_cents: price - first, due_date: dueAfter(28) },
    ],
  };
}
