import { useQuery } from '@tanstack/react-query';
import { FileClockIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { formatRunDay, nextInvoiceSentence } from '~/client/components/invoice-estimate';
import { SearchInput } from '~/client/components/search-input';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { defineListSearch, useListSearch } from '~/client/lib/list-search';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import type { IssueInvoiceNowResult, UnbilledCompany } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { possessive } from '~/shared/possessive';
import { unbilledCompaniesQueryOptions, useIssueInvoiceNow } from './api';

const ISSUE_FAILED = 'The invoice could not be issued. Please try again.';

// Its own URL keys: the section shares /admin/payments with the payments list.
const unbilledSearch = defineListSearch<Record<never, never>>({
  keys: { q: 'unbilled_q', page: 'unbilled_page', pageSize: 'unbilled_page_size', sort: 'unbilled_sort' },
  pageSizes: [10],
  filters: {},
});

const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const weeksText = (weeks: number) => `${weeks} approved ${weeks === 1 ? 'week' : 'weeks'}`;

// What the server did, in a toast: a new invoice, the one that stands already, or nothing waiting.
function reportIssued(result: IssueInvoiceNowResult, zone: string | null) {
  const { invoice, next_invoice: next, company_name: company } = result;
  if (result.outcome === 'issued' && invoice) {
    toast({
      title: 'Invoice issued',
      description: `${invoice.invoice_number} for ${company}: ${formatCents(invoice.total_cents)}. The company is notified.`,
    });
    return;
  }
  if (result.outcome === 'already_issued' && invoice) {
    toast({
      title: 'Nothing new to invoice',
      description: `${invoice.invoice_number} (${formatIsoDay(invoice.period_start)} – ${formatIsoDay(invoice.period_end)}) is already issued to ${company}. ${
        next.weeks > 0
          ? `Its ${weeksText(next.weeks)} since go on the invoice of ${formatRunDay(next.runs_at, zone)}.`
          : 'Nothing else waits to be invoiced.'
      }`,
    });
    return;
  }
  toast({
    title: 'Nothing to invoice',
    description: `${company} has no approved work for its next invoice. ${nextInvoiceSentence(next, zone)}`,
  });
}

// The administrators' Unbilled work (docs/decisions/024): every company with approved weeks no invoice has
// billed yet, with its next invoice's day and estimate, and Issue invoice now, which runs the weekly
// invoice run for that company at once. The server issues nothing twice and says so.
export function UnbilledCompaniesSection() {
  const search = useListSearch(unbilledSearch);
  const { state } = search;
  const companies = useQuery(
    unbilledCompaniesQueryOptions({ q: state.q || undefined, page: state.page, page_size: state.pageSize }),
  );
  const issue = useIssueInvoiceNow();
  const zone = useOwnTimeZone();
  const [asked, setAsked] = useState<UnbilledCompany | null>(null);

  const confirmIssue = (company: UnbilledCompany) =>
    issue.mutate(company.company_id, {
      onSuccess: (result) => {
        setAsked(null);
        reportIssued(result, zone);
      },
      onError: (error) => {
        setAsked(null);
        toast({ title: 'Invoice not issued', description: errorMessage(error, ISSUE_FAILED), variant: 'destructive' });
      },
    });

  const columns: DataListColumn<UnbilledCompany>[] = [
    {
      id: 'company',
      phone: 'title',
      header: 'Company',
      cell: (company) => <span className="font-medium">{company.company_name}</span>,
    },
    figureColumn({ id: 'weeks', header: 'Weeks', phoneOrder: 1, value: (company) => company.weeks }),
    figureColumn({
      id: 'hours',
      header: 'Hours',
      phoneOrder: 2,
      value: (company) => `${hoursFormat.format(company.total_minutes / 60)} h`,
    }),
    {
      id: 'next',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Next invoice',
      className: 'whitespace-nowrap',
      cell: (company) => (
        <>
          <PhoneLabel>Next invoice</PhoneLabel>
          {formatRunDay(company.next_invoice.runs_at, zone)}
        </>
      ),
    },
    figureColumn({
      id: 'estimate',
      header: 'Estimate',
      phoneOrder: 4,
      value: (company) => formatCents(company.next_invoice.total_cents),
    }),
    // A word, not an icon: on a phone it takes its own line under the figures rather than the menu's corner.
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (company) => (
        <Button
          variant="outline"
          size="sm"
          className="whitespace-nowrap"
          aria-label={`Issue invoice now for ${company.company_name}`}
          onClick={() => setAsked(company)}
        >
          Issue invoice now
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="grid gap-3">
      <div className="space-y-1">
        <h2 className="text-lg leading-tight font-semibold">Unbilled work</h2>
        <p className="text-sm text-muted-foreground">
          Companies with approved weeks no invoice has billed yet. Issue invoice now bills a company’s next invoice at
          once, exactly as the weekly run would.
        </p>
      </div>
      <SearchInput
        className="lg:max-w-xs"
        label="Search unbilled work by company"
        placeholder="Search by company"
        value={state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
    </div>
  );

  return (
    <>
      <DataList
        label="Unbilled work"
        noun="companies"
        query={companies}
        columns={columns}
        rowKey={(company) => company.company_id}
        search={search}
        errorTitle="Failed to load unbilled work"
        errorText={errorMessage(companies.error, 'Please check your connection and try again.')}
        empty={{
          icon: FileClockIcon,
          filtered: { title: 'No companies found', description: 'Try another company name.' },
          none: {
            title: 'No unbilled work',
            description: 'Every approved week has been invoiced. Weeks companies approve wait here for their invoice.',
          },
        }}
        toolbar={toolbar}
      />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open && !issue.isPending) setAsked(null);
        }}
        title={asked ? `Issue ${possessive(asked.company_name)} invoice now?` : ''}
        description={
          asked
            ? `It bills ${weeksText(asked.next_invoice.weeks)}, about ${formatCents(asked.next_invoice.total_cents)}, as the weekly run would on ${formatRunDay(asked.next_invoice.runs_at, zone)}, and notifies the company. The run then issues nothing more for this week.`
            : ''
        }
        confirmLabel="Issue Invoice"
        pending={issue.isPending}
        onConfirm={() => {
          if (asked) confirmIssue(asked);
        }}
      />
    </>
  );
}
