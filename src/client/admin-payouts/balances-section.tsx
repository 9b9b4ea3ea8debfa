import { useQuery } from '@tanstack/react-query';
import { WalletIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { formatMoney } from '~/shared/money-format';
import { type CurrencyBalance, payoutExceptionLabels, type TalentBalanceRow } from '~/shared/payouts';
import { possessive } from '~/shared/possessive';
import { balancesQueryOptions, usePlaceHold, useReleaseHold } from './api';
import { NoteDialog } from './note-dialog';
import { formatPayoutMoment } from './payout-format';
import { balancesFilterLabels, balancesFilters, balancesSearch, toBalancesQuery } from './payouts-search';
import { TalentCell } from './talent-cell';

const HOLD_FAILED = 'The hold was not placed. Please try again.';
const RELEASE_FAILED = 'The hold was not released. Please try again.';

// A negative available balance (refunds took back more than was left) in red and named in words, so it
// does not rest on the colour or the minus sign alone.
function AvailableAmount({ balance }: { balance: CurrencyBalance }) {
  const amount = formatMoney(balance.available_cents, balance.currency);
  if (balance.available_cents >= 0) return amount;
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-destructive">
      {amount}
      <Badge variant="danger">Negative</Badge>
    </span>
  );
}

type Stage = 'pending_cents' | 'available_cents' | 'in_transit_cents' | 'paid_out_cents';

// One stage of a talent's balance, a line per currency they hold (never added together); zero for one
// the ledger has not met.
function StageAmounts({ row, stage }: { row: TalentBalanceRow; stage: Stage }) {
  if (row.balances.length === 0) return formatMoney(0, 'USD');
  return (
    <span className="inline-grid gap-0.5 md:justify-items-end">
      {row.balances.map((balance) => (
        <span key={balance.currency}>
          {stage === 'available_cents' ? (
            <AvailableAmount balance={balance} />
          ) : (
            formatMoney(balance[stage], balance.currency)
          )}
        </span>
      ))}
    </span>
  );
}

// What each talent is owed (docs/decisions/036): pending, available, on its way and paid out, a line per
// currency in each, searched by name or email and narrowed to those owed money, those below zero or those
// on hold; a hold is placed or released here, each with a reason.
export function BalancesSection() {
  const search = useListSearch(balancesSearch);
  const { state } = search;
  const balances = useQuery(balancesQueryOptions(toBalancesQuery(state)));
  const placeHold = usePlaceHold();
  const releaseHold = useReleaseHold();
  const [asked, setAsked] = useState<{ action: 'hold' | 'release'; row: TalentBalanceRow } | null>(null);
  const close = (open: boolean) => {
    if (!open) setAsked(null);
  };

  const columns: DataListColumn<TalentBalanceRow>[] = [
    {
      id: 'talent',
      phone: 'title',
      header: 'Talent',
      cell: (row) => <TalentCell name={row.name} email={row.email} />,
    },
    figureColumn({
      id: 'pending',
      header: 'Pending',
      phoneOrder: 1,
      value: (row) => <StageAmounts row={row} stage="pending_cents" />,
    }),
    figureColumn({
      id: 'available',
      header: 'Available',
      phoneOrder: 1,
      value: (row) => <StageAmounts row={row} stage="available_cents" />,
    }),
    figureColumn({
      id: 'in-transit',
      header: 'In transit',
      phoneOrder: 2,
      value: (row) => <StageAmounts row={row} stage="in_transit_cents" />,
    }),
    figureColumn({
      id: 'paid-out',
      header: 'Paid out',
      phoneOrder: 2,
      value: (row) => <StageAmounts row={row} stage="paid_out_cents" />,
    }),
    {
      id: 'hold',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Hold',
      className: 'max-md:basis-full md:max-w-64',
      cell: (row) =>
        row.hold ? (
          <span className="grid gap-0.5">
            <span>
              <Badge variant="warning">{payoutExceptionLabels.on_hold}</Badge>
            </span>
            <span className="[overflow-wrap:anywhere]">{row.hold.reason}</span>
            <span className="text-xs text-muted-foreground">
              Since {formatPayoutMoment(row.hold.placed_at)}
              {row.hold.placed_by_name && ` by ${row.hold.placed_by_name}`}
            </span>
          </span>
        ) : (
          <>
            <PhoneLabel>Hold</PhoneLabel>
            <span className="text-muted-foreground">None</span>
          </>
        ),
    },
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (row) =>
        row.hold ? (
          <Button
            variant="outline"
            size="sm"
            className="whitespace-nowrap"
            aria-label={`Release the hold on ${possessive(row.name)} payouts`}
            onClick={() => setAsked({ action: 'release', row })}
          >
            Release hold
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="whitespace-nowrap"
            aria-label={`Put ${possessive(row.name)} payouts on hold`}
            onClick={() => setAsked({ action: 'hold', row })}
          >
            Place hold
          </Button>
        ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchInput
        className="lg:max-w-xs lg:flex-1"
        label="Search talent"
        placeholder="Search by name or email"
        value={state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <FilterSelect
          label="Show"
          className="sm:w-48"
          allLabel="All talent"
          value={state.only}
          options={balancesFilters}
          labels={balancesFilterLabels}
          onChange={(only) => search.change({ only })}
        />
        {search.isFiltered && (
          <Button variant="ghost" onClick={search.clear}>
            <XIcon aria-hidden="true" />
            Clear Filters
          </Button>
        )}
      </div>
    </div>
  );

  const row = asked?.row;
  return (
    <>
      <DataList
        label="Talent balances"
        noun="talent"
        query={balances}
        columns={columns}
        rowKey={(item) => item.applicant_id}
        search={search}
        errorTitle="Failed to load balances"
        errorText={errorMessage(balances.error, 'Please check your connection and try again.')}
        empty={{
          icon: WalletIcon,
          filtered: { title: 'No talent found', description: 'Try another name, email or filter.' },
          none: {
            title: 'No balances yet',
            description: 'Talent appear here once their first approved work earns them money.',
          },
        }}
        toolbar={toolbar}
      />
      <NoteDialog
        open={asked?.action === 'hold'}
        onOpenChange={close}
        title={row ? `Put ${possessive(row.name)} payouts on hold` : ''}
        description="No payout run pays them until the hold is released. Their earnings keep adding up."
        kind="reason"
        label="Reason"
        submitLabel="Place hold"
        pendingLabel="Placing..."
        failure={HOLD_FAILED}
        destructive
        onSubmit={async (reason) => {
          if (!row) return;
          await placeHold.mutateAsync({ applicantId: row.applicant_id, reason });
          setAsked(null);
          toast({
            title: 'Payouts on hold',
            description: `${possessive(row.name)} payouts are on hold until you release them.`,
          });
        }}
      />
      <NoteDialog
        open={asked?.action === 'release'}
        onOpenChange={close}
        title={row ? `Release the hold on ${possessive(row.name)} payouts` : ''}
        description={row?.hold ? `On hold since ${formatPayoutMoment(row.hold.placed_at)}: “${row.hold.reason}”.` : ''}
        kind="reason"
        label="Reason"
        submitLabel="Release hold"
        pendingLabel="Releasing..."
        failure={RELEASE_FAILED}
        onSubmit={async (reason) => {
          const hold = row?.hold;
          if (!row || !hold) return;
          await releaseHold.mutateAsync({ holdId: hold.id, reason });
          setAsked(null);
          toast({
            title: 'Hold released',
            description: `${possessive(row.name)} payouts are released: the next payout run can pay them.`,
          });
        }}
      />
    </>
  );
}
