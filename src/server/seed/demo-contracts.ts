import { and, asc, eq } from 'drizzle-orm';
import { answerOwnApplication } from '../applications/answer-own-application';
import { assignments, milestones, paymentMethods } from '../db/schema';
import { approveMilestone, submitMilestone } from '../fixed-price/move-milestone';
import { createInvoicePayments } from '../kernels/payments/pay-invoice';
import { createTestModeProvider } from '../kernels/payments/test-mode-provider';
import type { Mailer } from '../mail/mailer';
import { makeFixedPriceOffer } from '../pipeline/make-offer';
import { addDays, isoDay } from '../platform/work-calendar';
import { startAssignment } from '../work/start-assignment';
import { findDemoCompanyAndTalent } from './demo-people';
import type { DemoSeeder } from './demo-seeder';
import { buildApplication, buildJob } from './job-factories';

// Demo data is not news to anyone: nothing is emailed.
const quietMailer: Mailer = { send: async () => {} };
const quietLogger = { warn: () => undefined, error: () => undefined };

const CONTRACT_TITLE = 'Help Center Rebuild';
// Four milestones, one in each state a contract shows: approved and released, submitted and waiting for
// the company, funded and in progress, not funded yet.
const demoMilestones = [
  { title: 'Content audit and plan', amount_cents: 60_000, days: 7, description: 'Every article reviewed, a plan.' },
  { title: 'New article templates', amount_cents: 90_000, days: 14, description: 'Templates for how-tos and FAQs.' },
  { title: 'Top 40 articles rewritten', amount_cents: 120_000, days: 28, description: 'The most-read articles.' },
  { title: 'Search and launch', amount_cents: 90_000, days: 42, description: 'Search tuned, the new center live.' },
];

// A fixed-price contract between the demo company and the demo talent (docs/decisions/035), made through the
// product's own moves — offer, acceptance, start, funding with the demo card, submission, approval — so its
// payments, escrow, release invoice and ledger entries are what the product makes. After billing (the card)
// and payouts (so the payout run stays as billing made it).
export const demoContractsSeeder: DemoSeeder = {
  name: 'demo fixed-price contract',
  async seed({ db }) {
    const people = await findDemoCompanyAndTalent(db);
    if (!people) return { created: 0 };
    const { company, talent } = people;
    const [card] = await db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, company.companyId))
      .limit(1);
    if (!card) return { created: 0 };
    const [existing] = await db
      .select({ id: assignments.id })
      .from(assignments)
      .where(
        and(
          eq(assignments.companyId, company.companyId),
          eq(assignments.applicantId, talent.id),
          eq(assignments.engagementType, 'fixed'),
        ),
      );
    if (existing) return { created: 0 };

    const today = isoDay(new Date());
    const total = demoMilestones.reduce((sum, milestone) => sum + milestone.amount_cents, 0);
    const job = await buildJob(db, {
      companyId: company.companyId,
      title: CONTRACT_TITLE,
      engagementType: 'fixed',
      budgetTotalCents: total,
      skillTags: ['Technical Writing', 'Zendesk'],
      visibility: 'private',
    });
    const application = await buildApplication(db, {
      jobId: job.id,
      applicantId: talent.id,
      status: 'interviewing',
      proposalRateCents: null,
      proposalPriceCents: total,
      coverLetter: `I have rebuilt two help centers in Zendesk Guide and would like to take on your ${CONTRACT_TITLE}: an audit first, then templates, the most-read articles and a tuned search.`,
    });
    const companyActor = { db, mailer: quietMailer, companyId: company.companyId, actorId: company.userId };
    await makeFixedPriceOffer({
      ...companyActor,
      id: application.id,
      offer: {
        total_cents: total,
        start_date: today,
        milestones: demoMilestones.map(({ title, amount_cents, days, description }) => ({
          title,
          amount_cents,
          description,
          due_date: addDays(today, days),
        })),
        // The demo contract runs from today: its agreements are not part of the story.
        agreements: [],
      },
    });
    await answerOwnApplication({
      db,
      mailer: quietMailer,
      applicantId: talent.id,
      applicationId: application.id,
      action: 'accept-offer',
    });
    const [assignment] = await db
      .select({ id: assignments.id, status: assignments.status })
      .from(assignments)
      .where(eq(assignments.applicationId, application.id));
    if (!assignment) throw new Error('Accepting the demo offer made no assignment.');
    if (assignment.status === 'pending') {
      await startAssignment({
        db,
        assignmentId: assignment.id,
        actor: { kind: 'company', companyId: company.companyId, actorId: company.userId },
      });
    }
    const rows = await db
      .select({ id: milestones.id })
      .from(milestones)
      .where(eq(milestones.assignmentId, assignment.id))
      .orderBy(asc(milestones.position));
    const payments = createInvoicePayments({
      db,
      provider: createTestModeProvider({ db }),
      mailer: quietMailer,
      publicUrl: '',
      logger: quietLogger,
    });
    const [approved, submitted, inProgress] = rows;
    for (const milestone of [approved, submitted, inProgress]) {
      if (!milestone) continue;
      const answer = await payments.fund(
        {
          companyId: company.companyId,
          milestoneId: milestone.id,
          idempotencyKey: `demo-funding-${milestone.id}`,
          method: { payment_method_id: card.id },
          requestedBy: company.userId,
          ipAddress: null,
        },
        async () => null,
      );
      if (answer.status !== 'completed') throw new Error(`Funding a demo milestone came to ${answer.status}.`);
    }
    const hand = (milestoneId: string, message: string) =>
      submitMilestone({ db, applicantId: talent.id, milestoneId, message });
    if (approved) {
      await hand(approved.id, 'The audit of all 212 articles and the plan for the new center are attached.');
      await approveMilestone({ db, companyId: company.companyId, actorId: company.userId, milestoneId: approved.id });
    }
    if (submitted) await hand(submitted.id, 'Templates for how-to, troubleshooting and FAQ articles, with examples.');
    return { created: 1 };
  },
};
