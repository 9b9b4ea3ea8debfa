import { eq } from 'drizzle-orm';
import { applicationSourceLabels } from '~/shared/job-reach';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { createPdf } from '../platform/pdf-document';
import { analyzeHiring } from './analyze-hiring';
import { describeHiringMetrics } from './describe-hiring-metrics';

const MARGIN = 56;
const BAR_COLOR = '#2563eb';
const MUTED = '#6b7280';

// The Analytics tab as a one-page PDF report: the metrics, the applications by source, then the applicants
// per week as a table with a bar for each week.
export async function exportHiringPdf({
  db,
  companyId,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  now?: Date;
}) {
  const [analytics, [company]] = await Promise.all([
    analyzeHiring({ db, companyId, now }),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
  ]);
  const day = now.toISOString().slice(0, 10);
  const pdf = await createPdf({ title: `Hiring analytics, ${company?.name ?? 'Tandem'}, ${day}`, now, margin: MARGIN });
  const { document } = pdf;

  const width = document.page.width - 2 * MARGIN;
  document.fontSize(20);
  pdf.text('Hiring analytics', undefined, undefined, { weight: 'bold' });
  document.fontSize(11).fillColor(MUTED);
  pdf.text(`${company?.name ?? ''} · ${day}`);
  document.moveDown(1.5);

  document.fillColor('black').fontSize(13);
  pdf.text('Metrics', undefined, undefined, { weight: 'bold' });
  document.moveDown(0.5);
  for (const [label, value] of describeHiringMetrics(analytics)) {
    const y = document.y;
    document.fontSize(11);
    pdf.text(label, MARGIN, y, { width: width - 120 });
    pdf.text(value, MARGIN + width - 120, y, { width: 120, align: 'right', weight: 'bold' });
    document.moveDown(0.4);
  }
  document.moveDown(1.2);

  // Where the applications came from: each source's applications and hires, in two narrow columns.
  document.fillColor('black').fontSize(13);
  pdf.text('Applications by source', MARGIN, undefined, { weight: 'bold' });
  document.moveDown(0.4);
  const sourceRow = (cells: [string, string, string], weight?: 'bold') => {
    const y = document.y;
    document.fontSize(10);
    pdf.text(cells[0], MARGIN, y, { width: width - 160, weight });
    pdf.text(cells[1], MARGIN + width - 160, y, { width: 80, align: 'right', weight });
    pdf.text(cells[2], MARGIN + width - 80, y, { width: 80, align: 'right', weight });
    document.y = y + 14;
  };
  sourceRow(['Source', 'Applications', 'Hires'], 'bold');
  for (const { source, applications, hires } of analytics.by_source) {
    sourceRow([applicationSourceLabels[source], String(applications), String(hires)]);
  }
  document.moveDown(1.2);

  document.fontSize(13);
  pdf.text('Applicants per week', MARGIN, undefined, { weight: 'bold' });
  document.fontSize(9).fillColor(MUTED);
  pdf.text('Weeks start on Sunday (UTC); this week is last.');
  document.moveDown(0.6);
  const most = Math.max(1, ...analytics.applicants_per_week.map((week) => week.applicants));
  const barStart = MARGIN + 150;
  const barWidth = width - 150 - 40;
  for (const week of analytics.applicants_per_week) {
    const y = document.y;
    document.fillColor('black').fontSize(10);
    pdf.text(week.week_start, MARGIN, y, { width: 90 });
    pdf.text(String(week.applicants), MARGIN + 90, y, { width: 40, align: 'right' });
    if (week.applicants > 0) {
      document.rect(barStart, y + 1, Math.max(2, (week.applicants / most) * barWidth), 9).fill(BAR_COLOR);
    }
    document.fillColor('black');
    document.y = y + 16;
  }
  return { filename: `hiring-analytics-${day}.pdf`, content: await pdf.finish() };
}
