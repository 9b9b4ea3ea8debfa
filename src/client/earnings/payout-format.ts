import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import type { PayoutStatus } from '~/shared/payouts';

// A moment in the person's own zone (docs/decisions/022), UTC, said so, while they have none:
// "Mar 3, 2026 at 2:15 PM", "Mar 3, 2026 at 2:15 PM UTC".
export function formatMomentIn(at: string, zone: string | null): string {
  const moment = format(new TZDate(at, zone ?? 'UTC'), "MMM d, yyyy 'at' h:mm a");
  return zone ? moment : `${moment} UTC`;
}

export const payoutStatusBadges: Record<PayoutStatus, BadgeVariant> = {
  sent: 'info',
  paid: 'success',
  failed: 'danger',
};
