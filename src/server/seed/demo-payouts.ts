import { and, eq, isNull } from 'drizzle-orm';
import { defaultPlatformSettings } from '~/shared/settings';
import { payoutMethods, payoutRuns, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { approvePayoutRun } from '../payouts/approve-payout-run';
import { findPayoutRun } from '../payouts/find-payout-run';
import { markRunPaid } from '../payouts/mark-run-paid';
import { preparePayoutRun } from '../payouts/prepare-payout-run';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { demoAccounts } from './demo-accounts';
import type { DemoSeeder } from './demo-seeder';

const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';
const demoAdminEmail = demoAccounts.find((account) => account.role === 'admin')?.email ?? '';

// Demo data is not news to anyone: nothing is emailed.
const quietMailer: Mailer = { send: async () => {} };

// The demo talent's money (docs/decisions/036): a bank account added a month ago, last Monday's payout run
// approved and marked paid with what the paid invoices made available, and the rest pending — so Earnings
// shows every stage and a statement, and Payouts a completed run. After the billing seeder.
export const demoPayoutsSeeder: DemoSeeder = {
  name: 'payouts',
  async seed({ db }) {
    const [talent] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, demoTalentEmail));
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAdminEmail));
    if (!talent || !admin) return { created: 0 };
    const talentName = talent.name;
    let created = 0;
    const [method] = await db
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, talent.id), isNull(payoutMethods.removedAt)));
    if (!method) {
      const added = new Date(Date.now() - 30 * 86_400_000);
      await db.insert(payoutMethods).values({
        applicantId: talent.id,
        kind: 'bank_account',
        // The demo talent's own account, in their own country (Jonas Reyes, Bogotá).
        label: 'Bank transfer · Bancolombia · ending in 7890',
        holderName: talentName,
        bankName: 'Bancolombia',
        accountNumber: '001234567890',
        bankCodeType: 'swift',
        bankCode: 'COLOCOBM',
        isDefault: true,
        usableFrom: new Date(added.getTime() + 72 * 3_600_000),
        createdAt: added,
      });
      created++;
    }
    const lastMonday = addDays(weekStartOf(isoDay(new Date())), -6);
    const [run] = await db
      .select({ id: payoutRuns.id })
      .from(payoutRuns)
      .where(eq(payoutRuns.scheduledFor, lastMonday));
    if (run) return { created };
    const { runId } = await preparePayoutRun({ db, settings: defaultPlatformSettings, day: lastMonday });
    await approvePayoutRun({ db, runId, actorId: admin.id, afterCommit: async () => {} });
    // Nothing available to pay leaves the run completed with nothing to mark.
    if ((await findPayoutRun({ db, runId })).bank_file_count > 0) {
      await markRunPaid({
        db,
        mailer: quietMailer,
        publicUrl: '',
        actorId: admin.id,
        runId,
        reference: 'DEMO-BDO-0001',
      });
    }
    return { created: created + 1 };
  },
};
