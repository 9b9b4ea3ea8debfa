import { useId, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { formatIsoDay, fromIsoDay } from '~/client/lib/iso-day';
import type { HiringAnalytics } from '~/shared/jobs';
import { chartScaleMax } from './format-metrics';

type Week = HiringAnalytics['applicants_per_week'][number];

const CHART_HEIGHT = 220;
const PLOT_TOP = 20;
const PLOT_BOTTOM = CHART_HEIGHT - 28;
const PLOT_HEIGHT = PLOT_BOTTOM - PLOT_TOP;

const shortWeek = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
// week_start is the Sunday's date; only its day part matters.
const weekDay = (week: Week) => week.week_start.slice(0, 10);
const weekLabel = (week: Week) => shortWeek.format(fromIsoDay(weekDay(week)));

// What the picture says, for screen readers.
export function describeApplicantsChart(weeks: Week[]): string {
  const total = weeks.reduce((sum, week) => sum + week.applicants, 0);
  if (total === 0) return `Applicants per week: no applicants in the last ${weeks.length} weeks.`;
  const busiest = weeks.reduce((best, week) => (week.applicants > best.applicants ? week : best));
  const latest = weeks[weeks.length - 1];
  return [
    `Applicants per week over the last ${weeks.length} weeks: ${total} in total.`,
    `Busiest week: ${weekLabel(busiest)} with ${busiest.applicants}.`,
    latest ? `This week: ${latest.applicants}.` : '',
  ]
    .join(' ')
    .trim();
}

// A bar per week, drawn by hand: x positions in percentages so the bars fill any width while the text
// stays its own size; every other date is hidden on phones where twelve would collide.
export function ApplicantsChart({ weeks }: { weeks: Week[] }) {
  const tableId = useId();
  const [isTableShown, setIsTableShown] = useState(false);
  const max = chartScaleMax(weeks.map((week) => week.applicants));
  const slot = 100 / Math.max(1, weeks.length);
  const y = (value: number) => PLOT_BOTTOM - (value / max) * PLOT_HEIGHT;
  const gridlines = [0, max / 2, max];

  return (
    <div className="space-y-3">
      <div role="img" aria-label={describeApplicantsChart(weeks)} className="flex">
        {/* The scale in its own column, so a tall first bar never runs into its numbers. */}
        <div className="relative w-8 shrink-0 text-muted-foreground" style={{ height: CHART_HEIGHT }}>
          {gridlines.map((value) => (
            <span
              key={value}
              className="absolute right-2 -translate-y-1/2 text-[11px] leading-none"
              style={{ top: y(value) }}
            >
              {value}
            </span>
          ))}
        </div>
        <svg
          aria-hidden="true"
          width="100%"
          height={CHART_HEIGHT}
          className="min-w-0 flex-1 overflow-visible text-muted-foreground"
        >
          {gridlines.map((value) => (
            <line
              key={value}
              x1="0"
              x2="100%"
              y1={y(value)}
              y2={y(value)}
              stroke="var(--color-border)"
              strokeWidth="1"
            />
          ))}
          {weeks.map((week, index) => {
            const height = PLOT_BOTTOM - y(week.applicants);
            const center = `${slot * index + slot / 2}%`;
            return (
              <g key={week.week_start}>
                <rect
                  x={`${slot * index + slot * 0.2}%`}
                  width={`${slot * 0.6}%`}
                  y={PLOT_BOTTOM - height}
                  height={height}
                  rx="3"
                  fill="var(--color-primary)"
                />
                {week.applicants > 0 && (
                  <text
                    x={center}
                    y={PLOT_BOTTOM - height - 4}
                    textAnchor="middle"
                    fontSize="11"
                    fontWeight="600"
                    fill="var(--color-foreground)"
                    className="max-sm:hidden"
                  >
                    {week.applicants}
                  </text>
                )}
                <text
                  x={center}
                  y={CHART_HEIGHT - 8}
                  textAnchor="middle"
                  fontSize="11"
                  fill="currentColor"
                  className={index % 2 === 1 ? 'max-sm:hidden' : undefined}
                >
                  {weekLabel(week)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <button
        type="button"
        className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-expanded={isTableShown}
        aria-controls={tableId}
        onClick={() => setIsTableShown(!isTableShown)}
      >
        {isTableShown ? 'Hide data table' : 'Show data table'}
      </button>
      <div id={tableId} hidden={!isTableShown}>
        <Table aria-label="Applicants per week">
          <TableHeader>
            <TableRow>
              <TableHead>Week starting</TableHead>
              <TableHead className="text-right">Applicants</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {weeks.map((week) => (
              <TableRow key={week.week_start}>
                <TableCell>{formatIsoDay(weekDay(week))}</TableCell>
                <TableCell className="text-right">{week.applicants}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
