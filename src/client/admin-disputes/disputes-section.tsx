import { useQuery } from '@tanstack/react-query';
import { ScaleIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { Button } from '~/client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { errorMessage } from '~/client/lib/api-client';
import { isOneOf, useListSearch } from '~/client/lib/list-search';
import { formatCents } from '~/shared/billing-texts';
import { type DisputeStatus, type DisputeSummary, disputeStatuses } from '~/shared/milestones';
import { disputeListQueryOptions } from './api';
import { DisputeDetailDialog } from './dispute-detail-dialog';
import { disputeStatusLabels, formatDisputeDay, openedByText } from './dispute-format';
import { disputesSearch, toDisputeListQuery } from './disputes-search';

const emptyTexts: Record<DisputeStatus, { title: string; description: string }> = {
  open: {
    title: 'No open disputes',
    description: 'When a company or a talent disputes submitted work, it waits here to be settled.',
  },
  settled: {
    title: 'No settled disputes',
    description: 'Settled disputes stay here with how the money was split.',
  },
};

// The disputes of /admin/disputes (docs/decisions/035): Open (oldest first) or Settled (newest first) as
// tabs kept in the URL, a page at a time; Review opens one dispute, to read and settle it.
export function DisputesSection() {
  const search = useListSearch(disputesSearch);
  const { state } = search;
  const status = state.status;
  const disputes = useQuery(disputeListQueryOptions(toDisputeListQuery(state)));
  const [reviewed, setReviewed] = useState<DisputeSummary | null>(null);

  const columns: DataListColumn<DisputeSummary>[] = [
    {
      id: 'milestone',
      phone: 'title',
      header: 'Milestone',
      cell: (dispute) => <span className="font-medium [overflow-wrap:anywhere]">{dispute.milestone_title}</span>,
    },
    {
      id: 'contract',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Contract',
      cell: (dispute) => (
        <>
          <PhoneLabel>Contract</PhoneLabel>
          <span className="[overflow-wrap:anywhere]">{dispute.role}</span>
        </>
      ),
    },
    {
      id: 'company',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Company',
      cell: (dispute) => (
        <>
          <PhoneLabel>Company</PhoneLabel>
          <span className="[overflow-wrap:anywhere]">{dispute.company_name}</span>
        </>
      ),
    },
    {
      id: 'talent',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Talent',
      cell: (dispute) => (
        <>
          <PhoneLabel>Talent</PhoneLabel>
          <span className="[overflow-wrap:anywhere]">{dispute.applicant_name}</span>
        </>
      ),
    },
    figureColumn({
      id: 'held',
      header: 'Held',
      phoneOrder: 2,
      value: (dispute) => formatCents(dispute.funded_cents),
    }),
    {
      id: 'opened-by',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Opened by',
      cell: (dispute) => (
        <>
          <PhoneLabel>Opened by</PhoneLabel>
          <span className="[overflow-wrap:anywhere]">{openedByText(dispute)}</span>
        </>
      ),
    },
    {
      id: 'opened',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Opened',
      className: 'whitespace-nowrap',
      cell: (dispute) => (
        <>
          <PhoneLabel>Opened</PhoneLabel>
          {formatDisputeDay(dispute.opened_at)}
        </>
      ),
    },
    ...(status === 'settled'
      ? [
          figureColumn<DisputeSummary>({
            id: 'released',
            header: 'Released',
            phoneOrder: 4,
            value: (dispute) => formatCents(dispute.released_cents),
          }),
          figureColumn<DisputeSummary>({
            id: 'refunded',
            header: 'Refunded',
            phoneOrder: 4,
            value: (dispute) => formatCents(dispute.refunded_cents),
          }),
        ]
      : []),
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (dispute) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setReviewed(dispute)}
          aria-label={`Review the dispute over ${dispute.milestone_title}`}
        >
          Review
        </Button>
      ),
    },
  ];

  const empty = emptyTexts[status];
  const list = (
    <DataList
      label={`${disputeStatusLabels[status]} disputes`}
      noun="disputes"
      query={disputes}
      columns={columns}
      rowKey={(dispute) => dispute.id}
      // The tab is the list's only narrowing, and each tab says what it lacks: no Clear Filters.
      search={{ ...search, isFiltered: false }}
      errorTitle="Failed to load disputes"
      errorText={errorMessage(disputes.error, 'Please check your connection and try again.')}
      empty={{ icon: ScaleIcon, filtered: empty, none: empty }}
    />
  );

  return (
    <>
      <Tabs
        value={status}
        onValueChange={(value) => {
          if (isOneOf(disputeStatuses, value)) search.change({ status: value });
        }}
        className="min-w-0"
      >
        <TabsList aria-label="Dispute status">
          {disputeStatuses.map((value) => (
            <TabsTrigger key={value} value={value}>
              {disputeStatusLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {disputeStatuses.map((value) => (
          <TabsContent key={value} value={value} className="mt-4 min-w-0">
            {list}
          </TabsContent>
        ))}
      </Tabs>
      <DisputeDetailDialog
        dispute={reviewed}
        onOpenChange={(open) => {
          if (!open) setReviewed(null);
        }}
      />
    </>
  );
}
