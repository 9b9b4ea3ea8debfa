import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import { remindExpiringAgreements } from './agreements/remind-expiring-agreements';
import type { AppContext } from './app-context';
import { startAttemptSweep } from './assessments/sweep-attempts';
import { eInvoiceAttachments } from './billing/e-invoice/e-invoice-attachments';
import { markOverdueInvoices } from './billing/mark-overdue-invoices';
import type { DatabaseHandle } from './db/client';
import { approveDueMilestones } from './fixed-price/approve-due-milestones';
import { fetchEcbRates } from './fx/fetch-ecb-rates';
import { sendJobAlerts } from './job-board/send-job-alerts';
import { closeExpiredJobs } from './jobs/close-expired-jobs';
import { calendarProviderOpener, openStoredCalendarProvider } from './kernels/calendars/calendar-credentials';
import { findDueCalendarConnections } from './kernels/calendars/find-due-calendar-connections';
import { refreshCalendarConnection } from './kernels/calendars/refresh-calendar-connection';
import { renewConnectionPushChannels } from './kernels/calendars/renew-connection-push-channels';
import { issueInvoices } from './kernels/money/issue-invoices';
import { createPaymentProvider } from './kernels/payments/create-payment-provider';
import { createInvoicePayments } from './kernels/payments/pay-invoice';
import { createOutboxSender } from './mail/mailer';
import { applyCalendarChanges } from './meetings/apply-calendar-changes';
import { sendMeetingReminder } from './meetings/send-meeting-reminder';
import { writeMeetingCopies } from './meetings/write-meeting-copies';
import { startNotificationAnnouncements } from './notifications/announce-notifications';
import { emailNotification } from './notifications/email-notification';
import { sendMessageDigests } from './notifications/send-message-digests';
import { autoPayInvoices } from './payments/auto-pay-invoices';
import { createConnectProvider } from './payouts/payout-provider';
import { bringLedgerUpToDate } from './payouts/payout-run-records';
import { preparePayoutRun } from './payouts/prepare-payout-run';
import { sendStripeTransfers } from './payouts/send-stripe-transfers';
import { sweepStoredFiles } from './platform/file-store';
import { forgetIdempotencyKeys } from './platform/forget-idempotency-keys';
import { getPlatformSettings } from './platform/get-platform-settings';
import type { JobData, JobName, JobQueue } from './platform/job-queue';
import { isoDay } from './platform/work-calendar';
import { applyRetention } from './privacy/apply-retention';
import { revealDueReviews } from './reviews/reveal-due-reviews';
import { extractCvText } from './talent/extract-cv-text';
import { remindExpiringTaxForms } from './tax-forms/remind-expiring-tax-forms';
import { startWebhookAnnouncements } from './webhooks/announce-webhook-deliveries';
import { deliverWebhook } from './webhooks/deliver-webhook';
import { forgetWebhookMessages } from './webhooks/forget-webhook-messages';
import { startDueAssignments } from './work/start-due-assignments';

// What runs when (decision 020): every background job and every timer of an instance, and nowhere else.
// Features export what a job does; route plugins start nothing. Jobs run on pg-boss (decision 012):
// each done once across the instances, retried with backoff, so every one of them is idempotent.

interface ScheduledJob<N extends JobName> {
  // A cron, in UTC: the queue sends the job once per tick across the instances. Without one, features
  // send it (the comment says which).
  cron?: string;
  work: (data: JobData[N]) => Promise<unknown>;
}

// The type refuses a job of JobData left out: a job nobody works would wait in its queue forever.
export type Schedule = { [N in JobName]: ScheduledJob<N> };

type ScheduleContext = Pick<AppContext, 'db' | 'config' | 'mailer' | 'files' | 'jobs' | 'taxIds' | 'secret'>;

// Sunday 02:00: the week that ended at Saturday midnight, once its late approvals are in.
const INVOICE_RUN_CRON = '0 2 * * 0';

// The first tick of a cron after a moment, read by the parser pg-boss reads it with, in UTC as the
// queue schedules it (pg-boss-queue.ts), so the moment is the one the job is sent at.
export function nextTickOf(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

// When the invoice run next happens after a moment: Billing's "Next invoice on", and the invoice an
// administrator's Issue invoice now brings forward (decision 024). Handed to the routes in AppContext.
export const nextInvoiceRunAfter = (after: Date): Date => nextTickOf(INVOICE_RUN_CRON, after);

// Monday 06:00: the week's payout run is prepared (decision 036); the talent's "next payout" is its day.
const PAYOUT_RUN_CRON = '0 6 * * 1';
export const nextPayoutRunAfter = (after: Date): Date => nextTickOf(PAYOUT_RUN_CRON, after);

const FX_RATES_CRON = '30 16 * * *';

export function scheduleOf({ context, logger }: { context: ScheduleContext; logger: FastifyBaseLogger }): Schedule {
  const { db, config, mailer, files } = context;
  const { publicUrl } = config;
  // Auto-Pay's own payments service over the same provider as the pay endpoint's: a payment is made
  // once by its idempotency key in the database, whichever service (or instance) drives it.
  const openCalendar = calendarProviderOpener({ db, cipher: context.taxIds, config });
  const payments = createInvoicePayments({
    db,
    provider: createPaymentProvider({ db, config }),
    mailer,
    publicUrl,
    logger,
  });
  return {
    // Sent with each outbox row, in the transaction that writes it (mail/mailer.ts).
    'send-email': {
      work: createOutboxSender({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
    },
    // Sent by every instance when a notification commits (the announcements below), keyed by it.
    'notification-email': {
      work: ({ notificationId }) =>
        emailNotification({ db, mailer, publicUrl, notificationId, attachmentsOf: eInvoiceAttachments }),
    },
    // Sent when a meeting is scheduled or moved, to run 24 hours and 15 minutes before it
    // (meetings/publish-meeting-change.ts).
    'meeting-reminder': {
      work: (job) => sendMeetingReminder({ db, mailer, publicUrl, job }),
    },
    // Every five minutes: a message left unread waits 15 (DIGEST_AFTER_MS) to 20 minutes for its digest.
    'message-digest': {
      cron: '*/5 * * * *',
      work: () => sendMessageDigests({ db, mailer, publicUrl }),
    },
    // INVOICE_RUN_CRON, above. Also sent for a given week (periodStart).
    'issue-invoices': {
      cron: INVOICE_RUN_CRON,
      work: ({ periodStart }) => issueInvoices({ db, periodStart }),
    },
    // Every day just after midnight: what fell due yesterday and is not paid is overdue today.
    'mark-overdue-invoices': {
      cron: '5 0 * * *',
      work: () => markOverdueInvoices({ db }),
    },
    // Every day at 06:00, before the working day of the Americas: invoices due, of companies with Auto-Pay.
    'auto-pay-invoices': {
      cron: '0 6 * * *',
      work: () => autoPayInvoices({ db, payments, logger }),
    },
    // Every day at 03:30, away from the invoice run and the overdue sweep: the retention policy.
    'apply-retention': {
      cron: '30 3 * * *',
      work: async () => {
        await applyRetention({ db, files });
        // Idempotency keys a day old, and webhook messages past their delivery log's 30 days (issue 58).
        await forgetIdempotencyKeys({ db });
        await forgetWebhookMessages({ db });
      },
    },
    // Every hour: uploads never linked, or no longer named.
    'sweep-stored-files': {
      cron: '17 * * * *',
      work: () => sweepStoredFiles({ files, logger }),
    },
    // Every hour, just after it turns: a start date comes at the top of an hour in the job's zone (whole
    // hours from UTC), so an accepted offer's assignment starts within minutes of its day.
    'start-due-assignments': {
      cron: '2 * * * *',
      work: () => startDueAssignments({ db }),
    },
    // Sent with each CV uploaded, in the transaction that links it (talent/upload-applicant-cv.ts).
    'extract-cv-text': {
      work: ({ applicantId, fileId }) => extractCvText({ db, files, logger, applicantId, fileId }),
    },
    // Hourly: a review's window closes 14 days after the moment its assignment ended, at any time of day.
    'reveal-due-reviews': {
      cron: '7 * * * *',
      work: async () => {
        await revealDueReviews({ db });
      },
    },
    // Every hour: a saved search's alert falls due a day or a week after its last one, at the minute it was
    // saved or sent, so it goes out within the hour.
    'send-job-alerts': {
      cron: '40 * * * *',
      work: () => sendJobAlerts({ db, mailer, publicUrl }),
    },
    // Every day at 00:15 UTC: jobs whose closing date (a UTC day) ended at midnight are closed (decision 058).
    'close-expired-jobs': {
      cron: '15 0 * * *',
      work: () => closeExpiredJobs({ db }),
    },
    // Hourly: a submission is approved 14 days after it was handed in, at any time of day, and its
    // company reminded 3 days before.
    'approve-due-milestones': {
      cron: '23 * * * *',
      work: () => approveDueMilestones({ db }),
    },
    // Hourly: earnings whose company paid and whose security period passed become available; anything a
    // feature did not post to the ledger is posted (decision 036).
    'make-earnings-available': {
      cron: '47 * * * *',
      work: async () => bringLedgerUpToDate({ db, settings: await getPlatformSettings({ db }), now: new Date() }),
    },
    // Mondays 06:00: the week's payout run, for an administrator to review and approve.
    'prepare-payout-run': {
      cron: PAYOUT_RUN_CRON,
      work: async () => preparePayoutRun({ db, settings: await getPlatformSettings({ db }), day: isoDay(new Date()) }),
    },
    // Sent when an administrator approves a run (payouts/routes.ts), keyed by the run.
    'send-payout-transfers': {
      work: ({ runId }) =>
        sendStripeTransfers({ db, mailer, publicUrl, connect: createConnectProvider(config), runId }),
    },
    // Every day at 16:30 UTC, after the ECB publishes (about 16:00 CET): the day's reference rates. A failed
    // fetch is logged and left for tomorrow's tick (fx/fetch-ecb-rates.ts).
    'fetch-fx-rates': {
      cron: FX_RATES_CRON,
      work: () => fetchEcbRates({ db, url: config.FX_RATES_URL, logger }),
    },
    // Every day at 09:20 UTC: agreements the talent has three days left to sign, reminded once (decision 056).
    'remind-expiring-agreements': {
      cron: '20 9 * * *',
      work: () => remindExpiringAgreements({ db, mailer, publicUrl }),
    },
    // Sent when a delivery commits (the announcements below), keyed by it; each retry by the failed attempt
    // before it, in the transaction that logs it; a replay by the person who asks for it.
    'deliver-webhook': {
      work: (job) =>
        deliverWebhook(
          {
            db,
            jobs: context.jobs,
            mailer,
            cipher: context.taxIds,
            policy: { privateTargets: config.webhookPrivateTargets },
            publicUrl,
          },
          job,
        ),
    },
    // Every day at 09:10 UTC: a W-8BEN that expires within 60 days, reminded once (issue 56).
    'remind-expiring-tax-forms': {
      cron: '10 9 * * *',
      work: async () => {
        const { payouts_require_tax_form } = await getPlatformSettings({ db });
        await remindExpiringTaxForms({ db, mailer, publicUrl, isRequiredForPayouts: payouts_require_tax_form });
      },
    },
    // People's own calendars (decision 059). Sent by the sweep below, by a page that found an account read too
    // long ago (meetings/find-calendar-busy-times.ts) and by the calendar-connections feature: the account read
    // again, then what its person did to Tandem's copies there done on Tandem (the kernel reads, the meetings
    // feature acts; they meet here).
    'calendar.refresh-connection': {
      work: async ({ connectionId }) => {
        const changes = await refreshCalendarConnection({ db, connectionId, provider: openCalendar });
        await applyCalendarChanges({ db, jobs: context.jobs, mailer, publicUrl, changes, logger });
        await renewConnectionPushChannels({ db, connectionId, open: openCalendar, publicUrl, secret: context.secret });
      },
    },
    // Every five minutes: the accounts read longest ago, a bounded number a tick, each its own job (keyed per
    // five minutes, so a page's request for the same account adds nothing).
    'calendar.refresh-due-connections': {
      cron: '*/5 * * * *',
      work: async () => {
        const now = new Date();
        const bucket = Math.floor(now.getTime() / (5 * 60_000));
        for (const connectionId of await findDueCalendarConnections({ db, now })) {
          await context.jobs.send(
            'calendar.refresh-connection',
            { connectionId },
            { singletonKey: `${connectionId}:${bucket}` },
          );
        }
      },
    },
    // Sent in the transaction of each change to a meeting (meetings/enqueue-meeting-copies.ts).
    'calendar.write-meeting-copies': {
      work: ({ meetingId }) =>
        writeMeetingCopies({
          db,
          publicUrl,
          meetingId,
          openProvider: async (connectionId) =>
            openStoredCalendarProvider({ db, connectionId, cipher: context.taxIds, config }),
          logger,
        }),
    },
  };
}

// Each job's worker on this instance (none when JOB_WORKERS is off), then its cron.
export async function registerJobs(jobs: Pick<JobQueue, 'work' | 'schedule'>, schedule: Schedule): Promise<void> {
  for (const [name, job] of Object.entries(schedule) as Array<[JobName, ScheduledJob<JobName>]>) {
    await jobs.work(name, async (data) => {
      await job.work(data);
    });
    if (job.cron) await jobs.schedule(name, job.cron);
  }
}

// The jobs, and what every instance runs on its own. Resolves to a function that stops the latter.
export async function startSchedule({
  context,
  database,
  logger,
}: {
  context: ScheduleContext & Pick<AppContext, 'live' | 'textGrader'>;
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  logger: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const { db, config, jobs } = context;
  await registerJobs(jobs, scheduleOf({ context, logger }));
  // When a notification commits: announced to this instance's tabs, and its email job sent.
  const stopAnnouncing = await startNotificationAnnouncements({ database, live: context.live, jobs, logger });
  // When a webhook delivery commits: its first attempt's job sent.
  const stopAnnouncingDeliveries = await startWebhookAnnouncements({ database, jobs, logger });
  // Every ATTEMPT_SWEEP_SECONDS (0: never): test attempts past their deadline closed, stalled grading
  // finished. Every instance sweeps; closing re-checks under a lock.
  const attemptSweep =
    config.ATTEMPT_SWEEP_SECONDS > 0
      ? startAttemptSweep({ db, grader: context.textGrader, logger, intervalMs: config.ATTEMPT_SWEEP_SECONDS * 1000 })
      : undefined;
  return async () => {
    await attemptSweep?.stop();
    await stopAnnouncing();
    await stopAnnouncingDeliveries();
  };
}
