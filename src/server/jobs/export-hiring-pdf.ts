import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { analyzeHiring } from './analyze-hiring';
import { describeHiringMetrics } from './describe-hiring-metrics';

const MARGIN = 56;
const BAR_COLOR = '#2563eb';
const MUTED = '#6b7280';

// The Analytics tab as a one-page PDF report: the metrics, then the applicants per week as a table
// with a bar for each week.
export async function exportHiringPdf({
  db,
  companyId,
  now = new Date(),
  compress = true,
}: {
  db: Database;
  companyId: string;
  now?: Date;
  // Tests read the text of an uncompressed file.
  compress?: boolean;
}) {
  const [analytics, [company]] = await Promise.all([
    analyzeHiring({ db, companyId, now }),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
  ]);
  const day = now.toISOString().slice(0, 10);
  // Loaded on the first export: pdfkit is a quarter of a second of every start otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress,
    info: { Title: `Hiring analytics, ${company?.name ?? 'Tandem'}, ${day}`, Author: 'Tandem', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const width = document.page.width - 2 * MARGIN;
  document.font('Helvetica-Bold').fontSize(20).text('Hiring analytics');
  document
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${company?.name ?? ''} · ${day}`);
  document.moveDown(1.5);

  document.fillColor('black').font('Helvetica-Bold').fontSize(13).text('Metrics');
  document.moveDown(0.5);
  for (const [label, value] of describeHiringMetrics(analytics)) {
    const y = document.y;
    document
      .font('Helvetica')
      .fontSize(11)
      .text(label, MARGIN, y, { width: width - 120 });
    document.font('Helvetica-Bold').text(value, MARGIN + width - 120, y, { width: 120, align: 'right' });
    document.moveDown(0.4);
  }
  document.moveDown(1.5);

  document.font('Helvetica-Bold').fontSize(13).text('Applicants per week', MARGIN);
  document.font('Helvetica').fontSize(9).fillColor(MUTED).text('Weeks start on Sunday (UTC); this week is last.');
  document.moveDown(0.6);
  const most = Math.max(1, ...analytics.applicants_per_week.map((week) => week.applicants));
  const barStart = MARGIN + 150;
  const barWidth = width - 150 - 40;
  for (const week of analytics.applicants_per_week) {
    const y = document.y;
    document.fillColor('black').font('Helvetica').fontSize(10).text(week.week_start, MARGIN, y, { width: 90 });
    document.text(String(week.applicants), MARGIN + 90, y, { width: 40, align: 'right' });
    if (week.applicants > 0) {
      document.rect(barStart, y + 1, Math.max(2, (week.applicants / most) * barWidth), 9).fill(BAR_COLOR);
    }
    document.fillColor('black');
    document.y = y + 16;
  }
  document.end();
  return { filename: `hiring-analytics-${day}.pdf`, content: await finished };
}
