import { format } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import type { DisputeStatus, DisputeSummary } from '~/shared/milestones';

// How a dispute reads on screen.

export const disputeStatusLabels: Record<DisputeStatus, string> = { open: 'Open', settled: 'Settled' };
export const disputeStatusBadges: Record<DisputeStatus, BadgeVariant> = { open: 'danger', settled: 'secondary' };

const sideLabels: Record<DisputeSummary['opened_by'], string> = { company: 'Company', applicant: 'Talent' };

// "Talent · Grace Hopper"; the side alone when the person's account is gone.
export const openedByText = ({
  opened_by: side,
  opened_by_name: name,
}: Pick<DisputeSummary, 'opened_by' | 'opened_by_name'>) => (name ? `${sideLabels[side]} · ${name}` : sideLabels[side]);

// A moment of the API (ISO) as "Nov 24, 2026", and with its time, "Nov 24, 2026, 3:05 PM".
export const formatDisputeDay = (value: string) => format(new Date(value), 'MMM d, yyyy');
export const formatDisputeMoment = (value: string) => format(new Date(value), 'MMM d, yyyy, h:mm a');
