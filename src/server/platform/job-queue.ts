// Background jobs (decision 012): work that must survive a crash and be done once across instances runs on
// a queue in PostgreSQL (pg-boss). Features export what a job does; src/server/schedule.ts registers
// every worker and cron. Every handler is idempotent, since a job may run again after a failure.

import type { Database } from '../db/client';

// Every job the platform runs, and what it carries.
export interface JobData {
  'send-email': { outboxId: string };
  // Emails one notification to its person, when their preferences want it.
  'notification-email': { notificationId: string };
  'meeting-reminder': { meetingId: string; sequence: number; lead: '24h' | '15m' };
  'message-digest': Record<string, never>;
  // Billing: invoices for the week before (or the given one, a Sunday), the overdue sweep,
  // and auto-pay of invoices due.
  'issue-invoices': { periodStart?: string };
  'mark-overdue-invoices': Record<string, never>;
  'auto-pay-invoices': Record<string, never>;
  // Privacy: the daily retention run (privacy/apply-retention.ts).
  'apply-retention': Record<string, never>;
  // Uploaded files never linked, or no longer named (platform/file-store.ts).
  'sweep-stored-files': Record<string, never>;
  // Work: pending assignments whose start date has come start by themselves (work/start-due-assignments.ts).
  'start-due-assignments': Record<string, never>;
  // Talent: the text of an uploaded CV, read for Talent Search (talent/extract-cv-text.ts).
  'extract-cv-text': { applicantId: string; fileId: string };
  // Reviews whose window closed are revealed and the ratings recomputed (reviews/reveal-due-reviews.ts).
  'reveal-due-reviews': Record<string, never>;
  // Job board: the saved searches' daily and weekly alerts that are due (job-board/send-job-alerts.ts).
  'send-job-alerts': Record<string, never>;
  // Jobs past their closing date closed through the state machine (jobs/close-expired-jobs.ts, decision 058).
  'close-expired-jobs': Record<string, never>;
  // Fixed-price work: submissions left unanswered are approved, and their companies reminded before
  // (fixed-price/approve-due-milestones.ts).
  'approve-due-milestones': Record<string, never>;
  // Paying the talent (docs/decisions/036): earnings that matured become available (hourly), the weekly
  // payout run is prepared for an administrator to approve, and an approved run's Stripe transfers go out.
  'make-earnings-available': Record<string, never>;
  'prepare-payout-run': Record<string, never>;
  'send-payout-transfers': { runId: string };
  // Exchange rates: the ECB's reference rates of the day, from FX_RATES_URL (fx/fetch-ecb-rates.ts).
  'fetch-fx-rates': Record<string, never>;
  // Tax forms: each W-8BEN nearing its end is reminded once (tax-forms/remind-expiring-tax-forms.ts).
  'remind-expiring-tax-forms': Record<string, never>;
  // Agreements: each one the talent has not signed is reminded when three days are left
  // (agreements/remind-expiring-agreements.ts).
  'remind-expiring-agreements': Record<string, never>;
  // Webhooks: one attempt at one delivery; a replay is an attempt outside the retry schedule
  // (webhooks/deliver-webhook.ts).
  'deliver-webhook': { deliveryId: string; replay?: boolean };
  // People's own calendars (decision 059): one account read again (its busy times, and its copies of Tandem's
  // meetings moved or declined there acted on); the sweep that refreshes the accounts read longest ago; a
  // meeting written into (or removed from) each participant's chosen calendar after it changed.
  'calendar.refresh-connection': { connectionId: string };
  'calendar.refresh-due-connections': Record<string, never>;
  'calendar.write-meeting-copies': { meetingId: string };
}
export type JobName = keyof JobData;

export interface SendOptions {
  // Not before this moment (a reminder).
  startAfter?: Date;
  // Names the job: a second send with the same key, while the first is kept (waiting, running, or
  // done within the last day), is dropped — the same reminder scheduled twice, or by two instances,
  // stays one.
  singletonKey?: string;
  // Inserts the job in this transaction: it exists, and runs, only if the transaction commits.
  transaction?: Database;
}

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendOptions): Promise<void>;
  // Handles this kind of job on this instance; failures are retried with backoff.
  work<N extends JobName>(name: N, handler: (data: JobData[N]) => Promise<void>): Promise<void>;
  // Runs the job on a cron schedule: once per tick across all instances.
  schedule(name: JobName, cron: string): Promise<void>;
  stop(): Promise<void>;
}
