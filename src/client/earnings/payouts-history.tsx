import { useQuery } from '@tanstack/react-query';
import { FileTextIcon, SendIcon } from 'lucide-react';
import { useId } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { Badge } from '~/client/components/ui/badge';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { errorMessage } from '~/client/lib/api-client';
import { formatMomentDayIn } from '~/client/lib/iso-day';
import { defineListSearch, useListSearch } from '~/client/lib/list-search';
import { formatMoney } from '~/shared/money-format';
import {
  basisPointsPercent,
  conversionRateText,
  payoutStatusLabels,
  type TalentPayout,
  type TalentPayoutPart,
} from '~/shared/payouts';
import { downloadPayoutStatement, payoutListQueryOptions, payoutStatementUrl } from './api';
import { DownloadLink } from './download-link';
import { payoutStatusBadges } from './payout-format';

// Its own URL keys: the earnings list above pages with page and page_size.
const payoutsSearch = defineListSearch<Record<never, never>>({
  keys: { q: 'payouts_q', page: 'payouts_page', pageSize: 'payouts_page_size' },
  pageSizes: [10, 20, 50],
  filters: {},
});

const muted = <span className="text-muted-foreground max-md:hidden">—</span>;

const amountOf = (payout: TalentPayout) => formatMoney(payout.amount_cents, payout.currency);

// A part converted to the payout's currency (decision 051), as its statement says it: what was earned, the
// rate with its day and source, and the FX margin kept.
function ConvertedPart({ part, to }: { part: TalentPayoutPart; to: TalentPayout['currency'] }) {
  if (!part.rate) return null;
  return (
    <li>
      {formatMoney(part.source_cents, part.source_currency)} at{' '}
      {conversionRateText(part.source_currency, to, part.rate)}
      <span className="text-muted-foreground">
        {' '}
        (FX margin {formatMoney(part.margin_cents, to)}, {basisPointsPercent(part.margin_basis_points)})
      </span>
    </li>
  );
}

// The payouts sent to the talent (docs/decisions/036), newest first, a page at a time from the server:
// when, how much in the currency it was paid in, what it converted from, to which method, where it is, the
// bank's reference or why it failed, and its statement.
export function PayoutsHistory({ zone }: { zone: string | null }) {
  const search = useListSearch(payoutsSearch);
  const titleId = useId();
  const payouts = useQuery(payoutListQueryOptions({ page: search.state.page, page_size: search.state.pageSize }));

  const columns: DataListColumn<TalentPayout>[] = [
    {
      id: 'sent',
      phone: 'title',
      // Days in the talent's own zone; UTC, said so, until they set one (docs/decisions/022).
      header: zone ? 'Sent' : 'Sent (UTC)',
      className: 'whitespace-nowrap',
      cell: (payout) => <span className="font-medium">{formatMomentDayIn(payout.sent_at, zone)}</span>,
    },
    figureColumn({
      id: 'amount',
      header: 'Amount',
      phoneOrder: 1,
      value: (payout) => <span className="font-medium">{amountOf(payout)}</span>,
    }),
    {
      id: 'conversion',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Converted from',
      cell: (payout) =>
        payout.parts.some((part) => part.rate) ? (
          <span className="[overflow-wrap:anywhere]">
            <PhoneLabel>Converted from</PhoneLabel>
            <ul className="inline-grid gap-0.5">
              {payout.parts.map((part) => (
                <ConvertedPart key={part.source_currency} part={part} to={payout.currency} />
              ))}
            </ul>
          </span>
        ) : (
          muted
        ),
    },
    {
      id: 'method',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Method',
      cell: (payout) => (
        <span className="[overflow-wrap:anywhere]">
          <PhoneLabel>To</PhoneLabel>
          {payout.method_label}
        </span>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Status',
      cell: (payout) => <Badge variant={payoutStatusBadges[payout.status]}>{payoutStatusLabels[payout.status]}</Badge>,
    },
    {
      id: 'reference',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Reference',
      cell: (payout) =>
        payout.reference ? (
          <span className="[overflow-wrap:anywhere]">
            <PhoneLabel>Reference</PhoneLabel>
            {payout.reference}
          </span>
        ) : (
          muted
        ),
    },
    {
      id: 'failure',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Failure reason',
      cell: (payout) =>
        payout.failure_reason ? (
          <span className="text-destructive [overflow-wrap:anywhere]">
            <PhoneLabel>Failed:</PhoneLabel>
            {payout.failure_reason}
          </span>
        ) : (
          muted
        ),
    },
    {
      id: 'statement',
      phone: 'detail',
      phoneOrder: 5,
      header: <span className="sr-only">Statement</span>,
      className: 'md:text-right',
      cell: (payout) => (
        <DownloadLink
          href={payoutStatementUrl(payout.id)}
          download={() => downloadPayoutStatement(payout.id)}
          failure="The statement could not be downloaded. Please try again."
          aria-label={`Statement of the ${amountOf(payout)} payout sent ${formatMomentDayIn(payout.sent_at, zone)} (PDF)`}
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          <FileTextIcon aria-hidden="true" />
          Statement
        </DownloadLink>
      ),
    },
  ];

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3">
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-semibold">
          Payouts
        </h2>
        <p className="text-sm text-muted-foreground">
          What was sent to your payout method, and each payout’s statement.
        </p>
      </div>
      <DataList
        label="Payouts"
        noun="payouts"
        query={payouts}
        columns={columns}
        rowKey={(payout) => payout.id}
        search={search}
        errorTitle="Your payouts could not be loaded"
        errorText={errorMessage(payouts.error, 'Check your connection and try again.')}
        empty={{
          icon: SendIcon,
          filtered: { title: 'No payouts found' },
          none: {
            title: 'No payouts yet',
            description: 'When your available balance is paid out, each payout appears here with its statement.',
          },
        }}
      />
    </section>
  );
}
