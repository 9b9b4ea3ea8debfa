import type { Database } from '../db/client';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import { analyzeHiring } from './analyze-hiring';
import { describeHiringMetrics, describeHiringSources } from './describe-hiring-metrics';

// The Analytics tab as a CSV file: one table a strict parser reads, the metrics, each source's applications
// and hires, then the applicants of each week, as rows of the same two columns.
export async function exportHiringCsv({
  db,
  companyId,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  now?: Date;
}) {
  const analytics = await analyzeHiring({ db, companyId, now });
  const rows: CsvCell[][] = [
    ['Metric', 'Value'],
    ...describeHiringMetrics(analytics),
    ...describeHiringSources(analytics),
    ...analytics.applicants_per_week.map((week) => [
      `Applicants in the week starting ${week.week_start} (Sunday, UTC)`,
      week.applicants,
    ]),
  ];
  return { filename: `hiring-analytics-${now.toISOString().slice(0, 10)}.csv`, content: buildCsv(rows) };
}
