import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessedSkills } from '../assessments/platform-assessments';
import type { DatabaseHandle } from '../db/client';
import {
  applicantCertifications,
  applicantEducation,
  applicantLanguages,
  applicantProfiles,
  applicantWorkHistory,
  applications,
  assignments,
  companyMembers,
  invoices,
  jobs,
  milestones,
  payments,
  payoutMethods,
  payoutRuns,
  payouts,
  savedJobs,
  tests,
  timesheets,
  users,
} from '../db/schema';
import { accountSums } from '../kernels/money/account-sums';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { testTaxIds } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { DEMO_APPLICANT_COUNT } from './demo-talent';
import { seedDemoData } from './seed-demo-data';

type SeedReport = Awaited<ReturnType<typeof seedDemoData>>;

// The whole demo, seeded as `npm start` seeds it at every start of a new database: once, then again as a
// restart would. The seeders that need what others made are checked here on one seeded database, read
// only (seeding it per check cost seconds each); what a restart must leave as it was is read before the
// second seed.
describe('the demo data, seeded twice', () => {
  let database: DatabaseHandle;
  let first: SeedReport;
  let again: SeedReport;
  const before = { invoices: 0, payoutBalance: undefined as unknown };
  const created = (report: SeedReport, name: string) => report.find((entry) => entry.name === name)?.created;
  const idOf = async (email: string) => {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return user?.id ?? '';
  };
  const demoCompanyId = async () => {
    const [company] = await database.db
      .select({ companyId: companyMembers.companyId })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, 'company@tandem.test'));
    return company?.companyId ?? '';
  };

  // The demo talent's assignment with the demo company, hourly or at a fixed price.
  const demoTalentAssignment = async (engagementType: 'hourly' | 'fixed') => {
    const [assignment] = await database.db
      .select({ id: assignments.id, status: assignments.status })
      .from(assignments)
      .where(
        and(
          eq(assignments.companyId, await demoCompanyId()),
          eq(assignments.applicantId, await idOf('talent@tandem.test')),
          eq(assignments.engagementType, engagementType),
        ),
      );
    return assignment;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedDemoData({ db: database.db, taxIds: testTaxIds });
    before.invoices = await database.db.$count(invoices, eq(invoices.companyId, await demoCompanyId()));
    before.payoutBalance = await talentBalanceOf(database.db, await idOf('talent@tandem.test'));
    again = await seedDemoData({ db: database.db, taxIds: testTaxIds });
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates nothing the second time', () => {
    expect(first.every((entry) => entry.created > 0)).toBe(true);
    expect(again.every((entry) => entry.created === 0)).toBe(true);
  });

  it('gives the applicant side a full profile, several stages, 200 varied applicants, offers and hires that add up', async () => {
    expect(created(first, 'demo talent')).toBeGreaterThan(DEMO_APPLICANT_COUNT);
    const { db } = database;

    const [talent] = await db
      .select()
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.email, 'talent@tandem.test'));
    expect(talent?.applicant_profiles).toMatchObject({
      headline: 'Senior React Engineer',
      experienceLevel: 'senior',
      region: 'Americas',
      timezone: 'America/Bogota',
    });
    const talentId = talent?.users.id ?? '';
    // A full profile but the photo (the README's promise): work, education, languages and evidence.
    for (const table of [applicantWorkHistory, applicantEducation, applicantLanguages, applicantCertifications]) {
      expect(await db.$count(table, eq(table.applicantId, talentId))).toBeGreaterThan(0);
    }
    const [account] = await db
      .select({ holder: payoutMethods.holderName })
      .from(payoutMethods)
      .where(eq(payoutMethods.applicantId, talentId));
    expect(account?.holder).toBe('Jonas Reyes');
    const stages = await db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.applicantId, talentId));
    // Hired: the fixed-price contract with the demo company.
    expect(new Set(stages.map((row) => row.status))).toEqual(
      new Set(['submitted', 'shortlisted', 'interviewing', 'offered', 'rejected', 'hired']),
    );
    expect((await db.select().from(savedJobs).where(eq(savedJobs.applicantId, talentId))).length).toBe(2);

    // Everyone with an application has a profile worth reading, and the 200 differ: places, summaries, and
    // cover letters that name the job they answer.
    const [bare] = await db
      .select({ value: count() })
      .from(applicantProfiles)
      .innerJoin(applications, eq(applications.applicantId, applicantProfiles.userId))
      .where(isNull(applicantProfiles.headline));
    expect(bare?.value).toBe(0);
    const generated = await db
      .select({ headline: applicantProfiles.headline, region: applicantProfiles.region })
      .from(applicantProfiles)
      .innerJoin(users, eq(users.id, applicantProfiles.userId))
      .where(sql`${users.email} like '%@talent.tandem.test'`);
    expect(generated).toHaveLength(DEMO_APPLICANT_COUNT);
    expect(new Set(generated.map((row) => row.headline)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(generated.map((row) => row.region)).size).toBe(4);
    const places = await db
      .selectDistinct({ location: applicantProfiles.location, summary: applicantProfiles.summary })
      .from(applicantProfiles)
      .innerJoin(users, eq(users.id, applicantProfiles.userId))
      .where(sql`${users.email} like '%@talent.tandem.test'`);
    expect(new Set(places.map((row) => row.location)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(places.map((row) => row.summary)).size).toBeGreaterThan(DEMO_APPLICANT_COUNT / 2);
    const letters = await db
      .select({ letter: applications.coverLetter, title: jobs.title })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId));
    expect(letters.filter((row) => !row.letter.includes(row.title))).toEqual([]);
    // A job that asks screening questions has every application answer each required one, as asked.
    const screened = await db
      .select({ questions: jobs.screeningQuestions, answers: applications.screeningAnswers })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(sql`jsonb_array_length(${jobs.screeningQuestions}) > 0`);
    expect(screened.length).toBeGreaterThan(0);
    for (const { questions, answers } of screened) {
      expect(answers.map((answer) => answer.question)).toEqual(questions.map((question) => question.question));
      for (const question of questions.filter((asked) => asked.required)) {
        expect(answers.find((answer) => answer.question_id === question.id)?.answer).not.toBe('');
      }
    }
    // On a job with interview stages, everyone in Interviewing is in one of them, and not everyone in the first.
    const staged = await db
      .select({ stages: jobs.interviewStages, stageId: applications.interviewStageId })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(applications.status, 'interviewing'), sql`jsonb_array_length(${jobs.interviewStages}) > 0`));
    expect(staged.length).toBeGreaterThan(1);
    for (const { stages, stageId } of staged) expect(stages.map((stage) => stage.id)).toContain(stageId);
    expect(new Set(staged.map((row) => row.stageId)).size).toBeGreaterThan(1);

    // Offers carry terms; every hire has its assignment.
    const [termless] = await db
      .select({ value: count() })
      .from(applications)
      .where(and(eq(applications.status, 'offered'), isNull(applications.offerRateCents)));
    expect(termless?.value).toBe(0);
    const [hired] = await db.select({ value: count() }).from(applications).where(eq(applications.status, 'hired'));
    const [placed] = await db.select({ value: count() }).from(assignments).where(isNotNull(assignments.applicationId));
    expect(hired?.value).toBeGreaterThan(0);
    expect(placed?.value).toBe(hired?.value);

    // Proposals are in their job's terms: no hourly rate on a fixed price, and milestones add up to their total.
    const proposals = await db
      .select({
        engagementType: jobs.engagementType,
        rate: applications.proposalRateCents,
        price: applications.proposalPriceCents,
        milestones: applications.proposalMilestones,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId));
    const fixedPrice = proposals.filter((row) => row.engagementType === 'fixed');
    expect(fixedPrice.filter((row) => row.rate !== null)).toEqual([]);
    expect(fixedPrice.filter((row) => row.milestones !== null).length).toBeGreaterThan(0);
    for (const { price, milestones } of fixedPrice) {
      if (milestones) expect(milestones.reduce((sum, milestone) => sum + milestone.amount_cents, 0)).toBe(price);
    }
    expect(proposals.filter((row) => row.engagementType === 'hourly' && row.price !== null)).toEqual([]);

    // Find Jobs has other companies' open jobs to show.
    const [openJobs] = await db.select({ value: count() }).from(jobs).where(eq(jobs.status, 'open'));
    expect(openJobs?.value).toBeGreaterThanOrEqual(9);
  });

  it('puts the demo talent to work for the demo company, with weeks of timesheets and invoices in every status', async () => {
    expect(created(first, 'demo work and billing')).toBeGreaterThan(0);
    const { db } = database;
    const companyId = await demoCompanyId();
    const work = await demoTalentAssignment('hourly');
    expect(work?.status).toBe('active');
    const weeks = await db
      .select({ status: timesheets.status, pay: timesheets.talentPayCents, invoiceId: timesheets.invoiceId })
      .from(timesheets)
      .where(eq(timesheets.assignmentId, work?.id ?? ''));
    expect(weeks.map((week) => week.status).sort()).toEqual([
      'approved',
      'approved',
      'approved',
      'approved',
      'approved',
      'submitted',
    ]);
    for (const week of weeks.filter((each) => each.status === 'approved')) {
      expect(week.pay).toBeGreaterThan(0);
      expect(week.invoiceId).not.toBeNull();
    }

    // The weekly invoices (a milestone's release has its own: the next check).
    const billed = await db
      .select({ id: invoices.id, status: invoices.status, total: invoices.totalCents })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), isNull(invoices.milestoneId)));
    expect(new Set(billed.map((invoice) => invoice.status))).toEqual(new Set(['paid', 'pending', 'unpaid', 'overdue']));
    // The second seed billed nothing again.
    expect(billed).toHaveLength(before.invoices - 1);
    // Every total is the sum of its items, to the cent.
    const mismatched = (await db.execute(
      sql`select i.id from invoices i join invoice_items it on it.invoice_id = i.id
          group by i.id, i.total_cents having i.total_cents <> sum(it.amount_cents)`,
    )) as unknown as { rows: unknown[] };
    expect(mismatched.rows).toEqual([]);
    // Paid invoices have their completed payment; the unpaid one its declined attempt.
    const charges = await db
      .select({ invoiceId: payments.invoiceId, status: payments.status, amount: payments.amountCents })
      .from(payments)
      .where(eq(payments.companyId, companyId));
    for (const invoice of billed) {
      const ofInvoice = charges.filter((charge) => charge.invoiceId === invoice.id);
      if (invoice.status === 'paid')
        expect(ofInvoice).toEqual([{ invoiceId: invoice.id, status: 'completed', amount: invoice.total }]);
      else if (invoice.status === 'unpaid') expect(ofInvoice.map((charge) => charge.status)).toEqual(['failed']);
      else expect(ofInvoice).toEqual([]);
    }
  });

  it('gives the demo talent a fixed-price contract with the demo company, a milestone in each state', async () => {
    expect(created(first, 'demo fixed-price contract')).toBe(1);
    const { db } = database;
    const contract = await demoTalentAssignment('fixed');
    expect(contract?.status).toBe('active');
    const steps = await db
      .select({
        id: milestones.id,
        status: milestones.status,
        funded: milestones.fundedCents,
        released: milestones.releasedCents,
      })
      .from(milestones)
      .where(eq(milestones.assignmentId, contract?.id ?? ''))
      .orderBy(asc(milestones.position));
    expect(steps.map((step) => step.status)).toEqual(['approved', 'submitted', 'funded', 'unfunded']);
    expect(steps.map((step) => step.released)).toEqual([60_000, 0, 0, 0]);
    // Each funded milestone was paid once, by the demo card; the release has its paid invoice.
    const fundings = await db
      .select({ milestoneId: payments.milestoneId, status: payments.status })
      .from(payments)
      .where(isNotNull(payments.milestoneId));
    expect(fundings.map((funding) => funding.status)).toEqual(['completed', 'completed', 'completed']);
    const [release] = await db
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.milestoneId, steps[0]?.id ?? ''));
    expect(release?.status).toBe('paid');
    expect((await accountSums(db)).total).toBe(0);
  });

  it('pays the demo talent what the paid invoices made available, leaves the rest pending, once', async () => {
    const { db } = database;
    const talentId = await idOf('talent@tandem.test');
    const balances = await talentBalanceOf(db, talentId);
    // The demo bills and pays in dollars only.
    expect(balances.map((row) => row.currency)).toEqual(['USD']);
    const [balance] = balances;
    if (!balance) throw new Error('The demo talent has no balance.');
    // The paid invoice's week was paid out; the overdue and unpaid invoices' weeks wait for the company.
    expect(balance.paidOutCents).toBeGreaterThan(0);
    expect(balance.pendingCents).toBeGreaterThan(0);
    expect(balance.inTransitCents).toBe(0);
    // One run, paid once: the second seed moved no money.
    expect(balances).toEqual(before.payoutBalance);
    const runs = await db.select().from(payoutRuns);
    expect(runs.map((run) => run.status)).toEqual(['completed']);
    const [paid] = await db.select().from(payouts).where(eq(payouts.applicantId, talentId));
    expect(paid).toMatchObject({ status: 'paid', reference: 'DEMO-BDO-0001', amountCents: balance.paidOutCents });
    expect((await accountSums(db)).total).toBe(0);
  });

  it('has public platform assessments whose passes prove skills, made once', async () => {
    expect(created(first, 'platform assessments')).toBeGreaterThan(assessedSkills.length);
    const { db } = database;
    const assessments = await db.select().from(tests).where(sql`${tests.name} like '% Assessment'`);
    expect(assessments).toHaveLength(assessedSkills.length);
    expect(assessments.every((test) => test.isPublic && test.isActive)).toBe(true);

    const [talent] = await db
      .select({ proven: applicantProfiles.provenSkillKeys })
      .from(users)
      .innerJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.email, 'talent@tandem.test'));
    expect(talent?.proven).toEqual(['react', 'typescript']);
    const [{ provenCount } = { provenCount: 0 }] = await db
      .select({ provenCount: sql<number>`count(*)::int` })
      .from(applicantProfiles)
      .where(and(eq(applicantProfiles.listed, true), sql`cardinality(${applicantProfiles.provenSkillKeys}) > 0`));
    expect(provenCount).toBeGreaterThan(20);
  });
});
