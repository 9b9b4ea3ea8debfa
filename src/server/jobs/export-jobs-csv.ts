import type { z } from 'zod';
import { formatJobBudget, type jobExportQuerySchema, jobStatusLabels } from '~/shared/jobs';
import type { Database } from '../db/client';
import { loadJobViews } from '../kernels/hiring/load-job-views';
import { buildCsv } from '../platform/build-csv';
import { selectJobIds } from './find-jobs';
import { buildJobListConditions } from './job-list-filters';

const jobCsvHeader = [
  'Title',
  'Status',
  'Launch Date',
  'Applications',
  'New Applications',
  'Budget',
  'Engagement',
  'Weekly Hours',
  'Skills',
  'Visibility',
  'Created',
];

// Loaded a page at a time so a company with thousands of jobs does not build one huge query.
const BATCH_SIZE = 500;

// The jobs the list shows with its filters, or the selected ones (ids), as a CSV file in list order.
export async function exportJobsCsv({
  db,
  companyId,
  query,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  query: z.output<typeof jobExportQuerySchema>;
  now?: Date;
}) {
  const where = buildJobListConditions(companyId, query);
  const ids = (await selectJobIds({ db, companyId, where, sort: query.sort, isSearch: true })).map((row) => row.id);
  const rows: Array<Array<string | number>> = [jobCsvHeader];
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    const views = await loadJobViews({ db, companyId, ids: ids.slice(start, start + BATCH_SIZE) });
    for (const job of views) {
      rows.push([
        job.title,
        jobStatusLabels[job.status],
        job.launch_date.slice(0, 10),
        job.applications_count,
        job.new_applications_count,
        formatJobBudget(job),
        job.engagement_type === 'hourly' ? 'Hourly' : 'Fixed price',
        job.weekly_hours,
        job.skill_tags.join('; '),
        job.visibility === 'public' ? 'Public' : 'Private',
        job.created_at.slice(0, 10),
      ]);
    }
  }
  return { filename: `jobs-${now.toISOString().slice(0, 10)}.csv`, content: buildCsv(rows) };
}
