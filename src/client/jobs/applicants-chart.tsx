import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { formatIsoDay, fromIsoDay } from '~/client/lib/iso-day';
import type { HiringAnalytics } from '~/shared/jobs';
import { chartScaleMax } from './format-metrics';

type Week = HiringAnalytics['applicants_per_week'][number];

const CHART_HEIGHT = 220;

const shortWeek = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
// week_start is the Sunday's date; only its day part matters.
const weekDay = (week: Week) => week.week_start.slice(0, 10);
const weekLabel = (week: Week) => shortWeek.format(fromIsoDay(weekDay(week)));

// What the picture says, for screen readers.
function describeApplicantsChart(weeks: Week[]): string {
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

// A bar per week (recharts, as every chart of the portal). The scale stops at a round number with a
// middle line; on narrow screens recharts drops the week labels that would collide.
export function ApplicantsChart({ weeks }: { weeks: Week[] }) {
  const tableId = useId();
  const [isTableShown, setIsTableShown] = useState(false);
  const max = chartScaleMax(weeks.map((week) => week.applicants));
  const data = weeks.map((week) => ({ label: weekLabel(week), applicants: week.applicants }));

  return (
    <div className="space-y-3">
      <div role="img" aria-label={describeApplicantsChart(weeks)} className="text-xs text-muted-foreground">
        <div aria-hidden="true">
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 20, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis
                dataKey="label"
                tickLine={false}
                axisLine={false}
                interval="preserveStartEnd"
                minTickGap={8}
                tick={{ fill: 'currentColor', fontSize: 11 }}
              />
              <YAxis
                domain={[0, max]}
                ticks={[0, max / 2, max]}
                allowDecimals={false}
                tickLine={false}
                axisLine={false}
                width={32}
                tick={{ fill: 'currentColor', fontSize: 11 }}
              />
              <Bar dataKey="applicants" fill="var(--color-primary)" radius={[3, 3, 0, 0]} isAnimationActive={false}>
                <LabelList
                  dataKey="applicants"
                  position="top"
                  fontSize={11}
                  fontWeight={600}
                  fill="var(--color-foreground)"
                  formatter={(value) => (Number(value) > 0 ? String(value) : '')}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
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
