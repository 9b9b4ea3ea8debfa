import { applicationStatuses, applicationStatusLabels } from '~/shared/application-statuses';
import { formatHourlyRate } from '~/shared/jobs';

// How the pipeline speaks of money, dates, ratings and stages, in one place for its lists and drawer.

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const hourlyRate = formatHourlyRate;
export const proposedRate = (rate: number | null) => (rate == null ? 'No rate proposed' : hourlyRate(rate));
export const dayLabel = (value: string) => day.format(new Date(value));
export const dayAndTimeLabel = (value: string) => dayAndTime.format(new Date(value));

// A calendar day (YYYY-MM-DD) as written, whatever the viewer's zone: 'Dec 1, 2026'.
export function calendarDayLabel(isoDay: string): string {
  const [year = 1970, month = 1, date = 1] = isoDay.split('-').map(Number);
  return day.format(new Date(year, month - 1, date));
}

// The stage tabs: everything, then each stage in pipeline order and the ends.
export const stageTabs = ['all', ...applicationStatuses] as const;
export type StageTab = (typeof stageTabs)[number];
export const stageTabLabel = (tab: StageTab) => (tab === 'all' ? 'All' : applicationStatusLabels[tab]);
