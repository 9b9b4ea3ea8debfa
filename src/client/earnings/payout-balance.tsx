import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeftIcon, CalendarClockIcon, CircleCheckIcon, HourglassIcon, WalletIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { SummaryCards } from '~/client/components/summary-cards';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { formatMomentDayIn } from '~/client/lib/iso-day';
import { formatMoney } from '~/shared/money-format';
import { type PayoutBalance, payoutExceptionLabels, payoutPartText } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import { payoutBalanceQueryOptions } from './api';

type Stage = 'pending_cents' | 'available_cents' | 'in_transit_cents' | 'paid_out_cents';

// A stage of the balance a line per currency that has something in it, never added together (decision
// 051); nothing anywhere reads as zero in the first currency the talent holds, else their payout currency.
function stageValue(balance: PayoutBalance, stage: Stage) {
  const held = balance.balances.filter((row) => row[stage] !== 0);
  if (held.length === 0) {
    return formatMoney(0, balance.balances[0]?.currency ?? balance.next_payout.currency);
  }
  return (
    <span className="grid">
      {held.map((row) => (
        <span key={row.currency}>{formatMoney(row[stage], row.currency)}</span>
      ))}
    </span>
  );
}

// What the talent is owed (docs/decisions/036): pending, available, on its way, paid out, each currency on
// its own; then the next payout in their payout currency — their line of a run awaiting approval, else an
// estimate at today's rates, each conversion with its rate and margin, the rate locked at approval — or
// why it would not pay them; and a hold, when an administrator has placed one.
export function PayoutBalanceSection({ zone }: { zone: string | null }) {
  const balance = useQuery(payoutBalanceQueryOptions());
  return (
    <div className="grid min-w-0 gap-3">
      {balance.data?.on_hold && (
        <Alert variant="warning" className="flex-col gap-1">
          <AlertTitle>{payoutExceptionLabels.on_hold}</AlertTitle>
          <p>
            An administrator has paused your payouts. Your earnings still count toward your balance; contact support to
            learn more.
          </p>
        </Alert>
      )}
      {/* Four amounts, one row on a wide screen; the next payout is a day, not an amount, and has a line of
          its own below them rather than a fifth card alone on a second row. */}
      <SummaryCards
        query={balance}
        label="Payout balance"
        count={4}
        failure="Failed to load your payout balance. Please try again."
        cardsOf={(data) => [
          {
            label: 'Pending',
            value: stageValue(data, 'pending_cents'),
            hint: 'Earned, waiting for the company’s payment and the security period',
            icon: <HourglassIcon />,
          },
          {
            label: 'Available',
            value: stageValue(data, 'available_cents'),
            hint: data.balances.some((row) => row.available_cents < 0)
              ? 'Refunds took back more than was left to pay you; your next earnings make up the difference first.'
              : 'Ready for your next payout',
            icon: <WalletIcon />,
          },
          {
            label: 'On its way',
            value: stageValue(data, 'in_transit_cents'),
            hint: 'Sent to your payout method, not yet confirmed',
            icon: <ArrowRightLeftIcon />,
          },
          {
            label: 'Paid out',
            value: stageValue(data, 'paid_out_cents'),
            hint: 'Confirmed paid to you',
            icon: <CircleCheckIcon />,
          },
        ]}
      />
      {balance.isSuccess && <NextPayout balance={balance.data} zone={zone} />}
    </div>
  );
}

// The next run's day in the person's zone (UTC, said so, while they have none), and what it would send
// them, or why it would send nothing.
function NextPayout({ balance, zone }: { balance: PayoutBalance; zone: string | null }) {
  const titleId = useId();
  const { next_payout: next, minimum_cents: minimumCents } = balance;
  const isPaying = next.blocked_by === null && next.amount_cents > 0;
  const isConverted = next.parts.some((part) => part.rate);
  // The minimum is in US dollars: each currency counts at the latest rate.
  const reason = next.blocked_by
    ? payoutExceptionLabels[next.blocked_by]
    : `below the ${formatMoney(minimumCents, 'USD')} minimum`;
  const note =
    next.basis === 'planned'
      ? `Planned in a payout run awaiting approval${isConverted ? ': the rate is locked when it is approved.' : '.'}`
      : isConverted
        ? 'An estimate at today’s exchange rates: the rate is locked when the payout run is approved, so the amount sent may differ.'
        : null;
  return (
    <section
      aria-labelledby={titleId}
      className="flex items-center gap-3 rounded-lg border border-border bg-background px-4 py-3 shadow-sm"
    >
      <span
        className="grid size-8 shrink-0 place-content-center rounded-md bg-accent text-primary [&_svg]:size-4"
        aria-hidden="true"
      >
        <CalendarClockIcon />
      </span>
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {zone ? 'Next payout' : 'Next payout (UTC)'}
        </h2>
        <p className="font-semibold text-foreground tabular-nums">{formatMomentDayIn(next.runs_at, zone)}</p>
        <p className="basis-full text-sm text-muted-foreground sm:basis-auto">
          {isPaying
            ? `${formatMoney(next.amount_cents, next.currency)} will be sent`
            : `Nothing will be sent: ${reason}`}
          {next.blocked_by === 'tax_form_missing' && (
            <>
              {' · '}
              <Link to={paths.applicantTaxForm.getHref()} className="font-medium text-primary underline">
                Complete your tax form
              </Link>
            </>
          )}
        </p>
        {isPaying && (isConverted || note) && (
          <div className="grid basis-full gap-1 pt-1 text-sm">
            {isConverted && (
              <ul aria-label="How your balance converts" className="grid gap-0.5">
                {next.parts.map((part) => (
                  <li key={part.source_currency}>{payoutPartText(part, next.currency)}</li>
                ))}
              </ul>
            )}
            {note && <p className="text-muted-foreground">{note}</p>}
          </div>
        )}
      </div>
    </section>
  );
}
