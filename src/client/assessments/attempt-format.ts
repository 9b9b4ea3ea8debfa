import type { BadgeVariant } from '~/client/components/ui/badge';
import type { TestAttemptStatus } from '~/shared/assessments';

// How the company's attempt screens speak of statuses, points, moments and files.

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// Grades by hand can be fractions (1.25 of 2): whole numbers as they are, the rest with two decimals.
export const pointsNumber = (points: number) => (Number.isInteger(points) ? String(points) : points.toFixed(2));

export function attemptStatusBadge(
  status: TestAttemptStatus,
  pendingReviews: number,
): { label: string; variant: BadgeVariant } {
  switch (status) {
    case 'assigned':
      return { label: 'Assigned', variant: 'neutral' };
    case 'started':
      return { label: 'In progress', variant: 'info' };
    case 'submitted':
      return {
        label:
          pendingReviews > 0
            ? `Waiting for grading (${plural(pendingReviews, 'answer', 'answers')})`
            : 'Waiting for grading',
        variant: 'warning',
      };
    case 'graded':
      return { label: 'Graded', variant: 'success' };
  }
}

export const pendingSentence = (count: number) => `${plural(count, 'answer waits', 'answers wait')} for your grade`;

const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// The integrity timeline tells apart events seconds from each other.
const timeWithSeconds = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const dayAndTimeLabel = (value: string) => dayAndTime.format(new Date(value));
export const eventTimeLabel = (value: string) => timeWithSeconds.format(new Date(value));

// A calendar day (YYYY-MM-DD) as written, whatever the viewer's zone.
export function calendarDayLabel(isoDay: string): string {
  const [year = 1970, month = 1, date = 1] = isoDay.split('-').map(Number);
  return day.format(new Date(year, month - 1, date));
}

export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
