import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { BackgroundTasks } from './platform/background-tasks';
import type { FileStore } from './platform/file-store';
import type { JobQueue } from './platform/job-queue';
import type { LiveHub } from './platform/live-hub';
import type { SettingsCache } from './platform/settings-cache';
import type { SharedCache } from './platform/shared-cache';
import type { TaxIdCipher } from './platform/tax-id-cipher';
import type { TextGrader } from './platform/text-grader';

// What route plugins need from the app, handed to them at registration.
export interface AppContext {
  db: Database;
  config: Config;
  // Signs cookies and the identity-provider state.
  secret: string;
  mailer: Mailer;
  settings: SettingsCache;
  background: BackgroundTasks;
  // Costly answers reused for a short while, by every instance when Redis is configured.
  cache: SharedCache;
  // Grades short-answer and paragraph answers that have AI grading on.
  textGrader: TextGrader;
  // Live events to open tabs, on this instance or any other (Redis pub/sub when configured).
  live: LiveHub;
  // Background jobs on pg-boss: each done once across instances, retried with backoff.
  jobs: JobQueue;
  // Uploaded files, shared by every instance (decision 017).
  files: FileStore;
  // Seals and opens the talent's tax identification numbers (decision 054).
  taxIds: TaxIdCipher;
  // When the weekly invoice run next happens after a moment (schedule.ts, decision 024).
  nextInvoiceRun: (after: Date) => Date;
  // When the weekly payout run is next prepared after a moment (schedule.ts, decision 036).
  nextPayoutRun: (after: Date) => Date;
}
