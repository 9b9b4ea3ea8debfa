import { useQuery } from '@tanstack/react-query';
import { UsersIcon, XIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { FilterSelect } from '~/client/components/filter-select';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { formatMoney } from '~/shared/money-format';
import {
  type PayoutRun,
  payoutExceptionLabels,
  payoutPartText,
  type RunLine,
  runLineStatuses,
  runLineStatusLabels,
} from '~/shared/payouts';
import { possessive } from '~/shared/possessive';
import { runLinesQueryOptions, useMarkPayoutFailed, useMarkPayoutPaid } from './api';
import { NoteDialog } from './note-dialog';
import { runLineStatusBadges } from './payout-format';
import { runLinesSearch, toRunLinesQuery } from './payouts-search';
import { TalentCell } from './talent-cell';

const MARK_PAID_FAILED = 'The payout was not marked paid. Please try again.';
const MARK_FAILED_FAILED = 'The payout was not marked failed. Please try again.';

// A detail that may be missing: named on a phone when present; a dash on a wide screen, nothing on a phone.
function optionalCell(label: string, value: string | null): ReactNode {
  if (!value) return <span className="text-muted-foreground max-md:hidden">—</span>;
  return (
    <>
      <PhoneLabel>{label}</PhoneLabel>
      <span className="[overflow-wrap:anywhere]">{value}</span>
    </>
  );
}

const amountOf = (line: RunLine) => formatMoney(line.amount_cents, line.currency);

// The run's lines, one per talent, a page at a time and filtered by status (docs/decisions/036): what each
// is paid in its payout currency and, converted, from what at which rate with which margin (decision 051;
// a draft's at the rates of its preparation, approval locks them), how, the bank's reference or why it
// failed, and why a talent with money available is not paid.
// A payout on its way is marked paid (with the reference) or failed (with the reason) by hand.
export function RunLinesSection({ run }: { run: PayoutRun }) {
  const search = useListSearch(runLinesSearch);
  const { state } = search;
  const lines = useQuery(runLinesQueryOptions(run.id, toRunLinesQuery(state)));
  const markPaid = useMarkPayoutPaid();
  const markFailed = useMarkPayoutFailed();
  const [asked, setAsked] = useState<{ action: 'paid' | 'failed'; line: RunLine } | null>(null);
  const close = (open: boolean) => {
    if (!open) setAsked(null);
  };

  const columns: DataListColumn<RunLine>[] = [
    {
      id: 'talent',
      phone: 'title',
      header: 'Talent',
      // Wide enough for a name and an email on a line each; the method and reference wrap instead.
      className: 'md:min-w-52',
      cell: (line) => <TalentCell name={line.talent_name} email={line.talent_email} />,
    },
    figureColumn({ id: 'amount', header: 'Amount', phoneOrder: 1, value: amountOf }),
    {
      id: 'conversion',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Converted from',
      // Wraps rather than widening the table: a run paid in one currency shows only dashes here.
      className: 'max-md:basis-full md:max-w-64',
      cell: (line) =>
        line.parts.some((part) => part.rate) ? (
          <span className="[overflow-wrap:anywhere]">
            <PhoneLabel>Converted from</PhoneLabel>
            <ul className="inline-grid gap-0.5">
              {line.parts.map((part) => (
                <li key={part.source_currency}>{payoutPartText(part, line.currency)}</li>
              ))}
            </ul>
          </span>
        ) : (
          <span className="text-muted-foreground max-md:hidden">—</span>
        ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (line) => <Badge variant={runLineStatusBadges[line.status]}>{runLineStatusLabels[line.status]}</Badge>,
    },
    {
      id: 'exception',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Why not paid',
      cell: (line) => optionalCell('Why not paid', line.exception && payoutExceptionLabels[line.exception]),
    },
    {
      id: 'method',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Method',
      cell: (line) => optionalCell('Method', line.method_label),
    },
    {
      id: 'reference',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Reference',
      cell: (line) => optionalCell('Reference', line.reference),
    },
    {
      id: 'failure',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Failure reason',
      cell: (line) => optionalCell('Failure reason', line.failure_reason),
    },
    // Words, not a menu: on a phone they take their own line under the details.
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (line) =>
        line.status === 'sent' && (
          <span className="inline-flex flex-wrap gap-2 md:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Mark the payout to ${line.talent_name} paid`}
              onClick={() => setAsked({ action: 'paid', line })}
            >
              Mark paid
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Mark the payout to ${line.talent_name} failed`}
              onClick={() => setAsked({ action: 'failed', line })}
            >
              Mark failed
            </Button>
          </span>
        ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <h3 className="text-base font-semibold sm:mr-auto">Payouts and exceptions</h3>
      <FilterSelect
        label="Status"
        className="sm:w-44"
        allLabel="All statuses"
        value={state.status}
        options={runLineStatuses}
        labels={runLineStatusLabels}
        onChange={(status) => search.change({ status })}
      />
      {search.isFiltered && (
        <Button variant="ghost" onClick={search.clear}>
          <XIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
    </div>
  );

  const line = asked?.line;
  const amount = line ? amountOf(line) : '';
  return (
    <>
      <DataList
        label="Payouts and exceptions"
        noun="payouts"
        query={lines}
        columns={columns}
        rowKey={(item) => item.id}
        search={search}
        errorTitle="Failed to load the run’s payouts"
        errorText={errorMessage(lines.error, 'Please check your connection and try again.')}
        empty={{
          icon: UsersIcon,
          filtered: { title: 'No payouts with this status', description: 'Try another status.' },
          none: {
            title: 'Nobody to pay in this run',
            description: 'No talent had money available when the run was prepared.',
          },
        }}
        toolbar={toolbar}
      />
      <NoteDialog
        open={asked?.action === 'paid'}
        onOpenChange={close}
        title={line ? `Mark the payout to ${line.talent_name} paid` : ''}
        description={`${amount} to ${line?.method_label ?? 'their payout method'}: enter the reference the bank or Wise gave the payment.`}
        kind="reference"
        label="Reference"
        submitLabel="Mark paid"
        pendingLabel="Marking..."
        failure={MARK_PAID_FAILED}
        onSubmit={async (reference) => {
          if (!line) return;
          await markPaid.mutateAsync({ payoutId: line.id, reference });
          setAsked(null);
          toast({
            title: 'Payout marked paid',
            description: `${amount} to ${line.talent_name}, reference ${reference}.`,
          });
        }}
      />
      <NoteDialog
        open={asked?.action === 'failed'}
        onOpenChange={close}
        title={line ? `Mark the payout to ${line.talent_name} failed` : ''}
        description={`${amount} goes back to ${possessive(line?.talent_name ?? 'the talent')} available balance and they are emailed why.`}
        kind="reason"
        label="Reason"
        hint="The talent reads it in the email."
        submitLabel="Mark failed"
        pendingLabel="Marking..."
        failure={MARK_FAILED_FAILED}
        destructive
        onSubmit={async (reason) => {
          if (!line) return;
          await markFailed.mutateAsync({ payoutId: line.id, reason });
          setAsked(null);
          toast({
            title: 'Payout marked failed',
            description: `${amount} is back in ${possessive(line.talent_name)} available balance; they are emailed why.`,
          });
        }}
      />
    </>
  );
}
