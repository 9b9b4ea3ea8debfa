import { formatIsoDay } from '~/client/lib/iso-day';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import type { OfferedMilestone } from '~/shared/offered-milestones';

// A fixed-price offer's milestones, in order, as the applicant accepts them: each one's title, amount and
// due date (and what it is, when the company said), in the company's currency.
export function OfferedMilestones({
  milestones,
  label,
  currency,
}: {
  milestones: OfferedMilestone[];
  label: string;
  currency: Currency;
}) {
  if (milestones.length === 0) return null;
  return (
    <ol aria-label={label} className="mt-2 grid list-decimal gap-1.5 pl-5">
      {milestones.map((milestone, index) => (
        // An offer's milestones have no ids; their order is what names them.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while shown
        <li key={index} className="min-w-0">
          <span className="font-medium break-words [overflow-wrap:anywhere]">{milestone.title}</span>
          {' · '}
          <span className="tabular-nums">{formatCents(milestone.amount_cents, currency)}</span>
          {' · '}
          <span className="whitespace-nowrap">Due {formatIsoDay(milestone.due_date)}</span>
          {milestone.description && (
            <span className="block text-xs break-words whitespace-pre-line opacity-80 [overflow-wrap:anywhere]">
              {milestone.description}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
