import type { Database } from '../db/client';
import { buildCsv, type CsvCell } from '../platform/build-csv';
import { analyzeHiring } from './analyze-hiring';
import { describeHiringMetrics } from './describe-hiring-metrics';

// The Analytics tab as a CSV file: the metrics, a blank line, then the applicants of each week.
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
    [],
    ['Week starting (Sunday, UTC)', 'Applicants'],
    ...analytics.applicants_per_week.map((week) => [week.week_start, week.applicants]),
  ];
  return { filename: `hiring-analytics-${now.toISOString().slice(0, 10)}.csv`, content: buildCsv(rows) };
}
