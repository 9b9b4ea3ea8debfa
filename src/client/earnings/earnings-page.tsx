import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, CircleCheckIcon, ClockIcon, FileCheckIcon } from 'lucide-react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { PageMeta } from '~/client/components/page-meta';
import { SummaryCards } from '~/client/components/summary-cards';
import { Badge } from '~/client/components/ui/badge';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay, formatMomentDayIn, formatWeek } from '~/client/lib/iso-day';
import { defineListSearch, useListSearch } from '~/client/lib/list-search';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import type { PageProps } from '~/client/routes';
import { formatCents } from '~/shared/billing-texts';
import { type EarningsSummary, type EarningsWeek, earningStageLabels } from '~/shared/earnings';
import { payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import { earningsQueryOptions, earningsSummaryQueryOptions } from './api';
import { NecFormsCard } from './nec-forms-card';
import { PayoutBalanceSection } from './payout-balance';
import { PayoutMethodsSection } from './payout-methods-section';
import { PayoutsHistory } from './payouts-history';
import { TaxFormSection } from './tax-form-section';
import { YearlySummary } from './yearly-summary';

const earningsSearch = defineListSearch<Record<never, never>>({ pageSizes: [20, 50, 100], filters: {} });

const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const hoursOf = (minutes: number) => `${hoursFormat.format(minutes / 60)} h`;

type CurrencySums = EarningsSummary['currencies'][number];

// A sum a currency at a time, as each company pays in its own: '€1,200.00 · $450.00'; $0.00 before any.
function formatSums(currencies: CurrencySums[], pick: (sums: CurrencySums) => number): string {
  if (currencies.length === 0) return formatCents(0);
  return currencies.map((sums) => formatCents(pick(sums), sums.currency)).join(' · ');
}

// The totals of every approved week: earned, of which invoiced, and what still waits for the invoice.
function EarningsSummaryCards() {
  const summary = useQuery(earningsSummaryQueryOptions());
  return (
    <SummaryCards
      query={summary}
      label="Earnings summary"
      count={3}
      failure="Failed to load your earnings summary. Please try again."
      cardsOf={({ weeks, milestones, total_minutes, currencies }) => [
        {
          label: 'Approved Earnings',
          value: formatSums(currencies, (sums) => sums.approved_cents),
          hint: `${weeks} approved ${weeks === 1 ? 'week' : 'weeks'}, ${hoursOf(total_minutes)}${
            milestones > 0 ? `; ${milestones} released ${milestones === 1 ? 'milestone' : 'milestones'}` : ''
          }`,
          icon: <CircleCheckIcon />,
        },
        {
          label: 'Invoiced',
          value: formatSums(currencies, (sums) => sums.invoiced_cents),
          hint: 'Weeks the company has been invoiced for',
          icon: <FileCheckIcon />,
        },
        {
          label: 'Awaiting Invoice',
          value: formatSums(currencies, (sums) => sums.awaiting_invoice_cents),
          hint: 'Approved weeks on the company’s next invoice',
          icon: <ClockIcon />,
        },
      ]}
    />
  );
}

// Where a week's money is on its way to the talent (docs/decisions/036): available to be paid out, or
// pending, with why and, when known, the day it becomes available.
function PayoutStage({ week }: { week: EarningsWeek }) {
  const isAvailable = week.payout_stage === 'available';
  return (
    <span className="grid justify-items-start gap-0.5">
      <span>
        <PhoneLabel>Payout</PhoneLabel>
        <Badge variant={isAvailable ? 'success' : 'warning'}>{isAvailable ? 'Available' : 'Pending'}</Badge>
      </span>
      {/* The security period's end is the day it becomes available: said once, as a day people read (the
          server's sentence carries it as YYYY-MM-DD). */}
      {!isAvailable && (week.available_on || week.pending_reason) && (
        <span className="text-xs text-muted-foreground">
          {week.available_on ? payoutTexts.pendingSecurity(formatIsoDay(week.available_on)) : week.pending_reason}
        </span>
      )}
    </span>
  );
}

// /applicant/earnings (docs/decisions/024): what each approved week earns the talent — its hours at their
// pay rate, fixed when the company approved it — when it was approved, and whether the company has been
// invoiced for it, newest week first, with the totals above.
export default function EarningsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useListSearch(earningsSearch);
  const zone = useOwnTimeZone();
  const weeks = useQuery(earningsQueryOptions({ page: search.state.page, page_size: search.state.pageSize }));

  const columns: DataListColumn<EarningsWeek>[] = [
    {
      id: 'week',
      phone: 'title',
      header: 'Week',
      className: 'md:whitespace-nowrap',
      // A released fixed-price milestone (docs/decisions/035) is named by its title, not by a week.
      cell: (week) =>
        week.week_start === null ? (
          <span className="font-medium break-words [overflow-wrap:anywhere] md:whitespace-normal">
            Milestone: {week.milestone_title ?? 'Fixed-price work'}
          </span>
        ) : (
          <span className="font-medium whitespace-nowrap">{formatWeek(week.week_start)}</span>
        ),
    },
    {
      id: 'work',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Assignment',
      cell: (week) => (
        <span>
          {week.role} <span className="text-muted-foreground">at {week.company_name}</span>
        </span>
      ),
    },
    figureColumn({
      id: 'hours',
      header: 'Hours',
      phoneOrder: 2,
      // A milestone is paid for the work, not the time.
      value: (week) => (week.kind === 'milestone' ? '—' : hoursOf(week.total_minutes)),
    }),
    figureColumn({
      id: 'amount',
      header: 'Earned',
      phoneOrder: 3,
      value: (week) => <span className="font-medium">{formatCents(week.amount_cents, week.currency)}</span>,
    }),
    {
      id: 'approved',
      phone: 'detail',
      phoneOrder: 4,
      // Days in the talent's own zone; UTC, said so, until they set one (docs/decisions/022).
      header: zone ? 'Approved' : 'Approved (UTC)',
      className: 'whitespace-nowrap',
      cell: (week) =>
        week.approved_at ? (
          <>
            <PhoneLabel>Approved</PhoneLabel>
            {formatMomentDayIn(week.approved_at, zone)}
          </>
        ) : (
          <span className="text-muted-foreground max-md:hidden">—</span>
        ),
    },
    {
      id: 'stage',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Invoice',
      cell: (week) =>
        week.stage === 'invoiced' && week.invoiced_on ? (
          <Badge variant="success">Invoiced {formatIsoDay(week.invoiced_on)}</Badge>
        ) : (
          <Badge variant="info">{earningStageLabels[week.stage]}</Badge>
        ),
    },
    {
      id: 'payout',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Payout',
      className: 'md:min-w-44',
      cell: (week) => <PayoutStage week={week} />,
    },
  ];

  return (
    <>
      <PageMeta title={title} />
      <div className="grid min-w-0 gap-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            What your approved weeks earn you: your hours at your rate. The platform fee and any tax are paid by the
            company on top, never taken from your earnings. Earnings become available once the company has paid and a
            security period has passed, then they are paid out to your default payout method.
          </p>
        </div>
        <PayoutBalanceSection zone={zone} />
        <PayoutMethodsSection zone={zone} />
        <TaxFormSection />
        <EarningsSummaryCards />
        <DataList
          label="Earnings by week"
          noun="weeks"
          query={weeks}
          columns={columns}
          rowKey={(week) => week.timesheet_id ?? week.milestone_id ?? `${week.assignment_id}:${week.earned_on}`}
          search={search}
          errorTitle="Your earnings could not be loaded"
          errorText={errorMessage(weeks.error, 'Check your connection and try again.')}
          empty={{
            icon: BanknoteIcon,
            filtered: { title: 'No weeks found' },
            none: {
              title: 'No earnings yet',
              description: 'Weeks your company approves appear here with what they earn you.',
              create: { to: paths.applicantTimesheets.getHref(), label: 'Go to Timesheets', icon: ClockIcon },
            },
          }}
        />
        <PayoutsHistory zone={zone} />
        <YearlySummary />
        <NecFormsCard />
      </div>
    </>
  );
}
