import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { savedSearchesContract } from '~/shared/contracts/saved-searches';
import { currencyOf } from '~/shared/currencies';
import { formatListingBudget } from '~/shared/job-board';
import { paths } from '~/shared/routes';
import { JOB_ALERT_JOBS_MAX } from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { companies, jobs, savedSearches } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import { findEmailRecipient } from '../kernels/notices/find-email-recipient';
import type { Mailer } from '../mail/mailer';
import { jobAlertEmail } from '../mail/templates/job-alert';
import { boardFiltersOf, nextAlertAfter, toSavedSearch } from './saved-search-views';
import { allOf, buildSearchConditions, searchShapeOf, searchValuesOf } from './search-conditions';

// Searches taken per batch: a run works through every due search, this many at a time.
const SEARCHES_PER_BATCH = 200;

const toDollars = (cents: number | null) => (cents == null ? null : cents / 100);

// The send-job-alerts job: every saved search whose alert is due gets one email listing the open public jobs
// that match it and were published since its last alert, or nothing when none was. Each search is claimed in
// its own transaction (FOR UPDATE SKIP LOCKED, still due) that queues the email and moves the search on to
// its next alert: two runs at once, on two instances or a retry, send it once.
export async function sendJobAlerts({
  db,
  mailer,
  publicUrl,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: Date;
}): Promise<{ emailed: number }> {
  let emailed = 0;
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await db
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(lte(savedSearches.nextAlertAt, now), gt(savedSearches.id, afterId)))
      .orderBy(asc(savedSearches.id))
      .limit(SEARCHES_PER_BATCH);
    for (const { id } of due) {
      if (await alertFor({ db, mailer, publicUrl, id, now })) emailed += 1;
    }
    const last = due.at(-1);
    if (!last || due.length < SEARCHES_PER_BATCH) return { emailed };
    afterId = last.id;
  }
}

async function alertFor({
  db,
  mailer,
  publicUrl,
  id,
  now,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  id: string;
  now: Date;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Another run holding it is doing it; one that finished moved next_alert_at past now.
    const [search] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), lte(savedSearches.nextAlertAt, now)))
      .for('update', { skipLocked: true });
    if (!search || search.frequency === 'none') return false;
    const frequency = search.frequency;
    // The window closes now whatever happens: a suspended person or one who turned alerts off in their
    // settings is passed over for it, and a later alert never lists these jobs again.
    await tx
      .update(savedSearches)
      .set({ alertedUpTo: now, nextAlertAt: nextAlertAfter(frequency, now) })
      .where(eq(savedSearches.id, id));

    const person = await findEmailRecipient({ db: tx, userId: search.applicantId, type: 'job_alert' });
    if (person?.role !== 'applicant') return false;

    const filters = boardFiltersOf(search.filters, JOB_ALERT_JOBS_MAX);
    const shape = searchShapeOf(filters);
    // Newest first, as many as the email lists; the window count says how many there were in all.
    const matches = await tx
      .select({
        id: jobs.id,
        title: jobs.title,
        companyName: companies.name,
        engagementType: jobs.engagementType,
        budgetMinCents: jobs.budgetMinCents,
        budgetMaxCents: jobs.budgetMaxCents,
        budgetTotalCents: jobs.budgetTotalCents,
        currency: companies.billingCurrency,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(
        allOf([
          publiclyListed,
          ...buildSearchConditions(shape),
          sql`${jobs.publishedAt} > ${sql.placeholder('since')}`,
          sql`${jobs.publishedAt} <= ${sql.placeholder('until')}`,
        ]),
      )
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(JOB_ALERT_JOBS_MAX)
      .prepare(`job_alert_${shape}`)
      .execute({ ...searchValuesOf(filters), since: search.alertedUpTo.toISOString(), until: now.toISOString() });
    if (matches.length === 0) return false;

    await tx.update(savedSearches).set({ lastAlertedAt: now }).where(eq(savedSearches.id, id));
    const view = toSavedSearch({ ...search, lastAlertedAt: now });
    const unsubscribePath = paths.jobAlertUnsubscribe.getHref({ token: search.unsubscribeToken });
    await mailer.send(
      person.email,
      jobAlertEmail({
        name: person.name,
        searchName: search.name,
        frequency,
        jobs: matches.map((job) => ({
          title: job.title,
          companyName: job.companyName,
          pay: formatListingBudget({
            engagement_type: job.engagementType,
            budget_min: toDollars(job.budgetMinCents),
            budget_max: toDollars(job.budgetMaxCents),
            budget_total: toDollars(job.budgetTotalCents),
            currency: currencyOf(job.currency),
          }),
          url: `${publicUrl}${paths.jobPost.getHref({ id: job.id })}`,
        })),
        more: (matches[0]?.total ?? matches.length) - matches.length,
        searchUrl: `${publicUrl}${view.search_path}`,
        unsubscribeUrl: `${publicUrl}${unsubscribePath}`,
        oneClickUnsubscribeUrl: `${publicUrl}${savedSearchesContract.unsubscribe.path.replace(':token', () => search.unsubscribeToken)}`,
        manageUrl: `${publicUrl}${paths.applicantSavedSearches.getHref()}`,
      }),
      { transaction: tx },
    );
    return true;
  });
}
