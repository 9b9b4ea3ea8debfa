import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, CircleCheckIcon, LockIcon, PencilLineIcon, Undo2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { AssignmentStatusBadge } from '~/client/components/assignments-table';
import { EndOwnAssignmentButton } from '~/client/components/end-own-assignment-button';
import { PortalPage } from '~/client/components/portal-page';
import { SummaryCard } from '~/client/components/summary-cards';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatIsoDay } from '~/client/lib/iso-day';
import type { PageProps } from '~/client/routes';
import { formatCents } from '~/shared/billing-texts';
import { type Contract, type Milestone, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import { type ContractSide, contractQueryOptions } from './api';
import { FundMilestoneDialog } from './fund-milestone-dialog';
import { type MilestoneAction, MilestoneCard } from './milestone-card';
import {
  ApproveMilestoneDialog,
  DisputeMilestoneDialog,
  RefundMilestoneDialog,
  RequestChangesDialog,
  SubmitWorkDialog,
} from './milestone-dialogs';
import { PendingProposalCard, ProposeMilestonesDialog, useMayProposeMilestones } from './milestone-proposal';

// A fixed-price contract (/company/contracts/:id, /applicant/contracts/:id; docs/decisions/035): who works
// for whom, since when, where the money is (the total, what is held in escrow, what was released), and each
// milestone with what its side may do now — the company funds, approves or sends back, the talent submits
// (with files) or gives the money back, either side disputes submitted work and proposes a change to the
// milestones not funded yet, which the other side accepts or declines.

const sideOf = (pageId: PageProps['pageId']): ContractSide => (pageId === 'companyContract' ? 'company' : 'applicant');

const backToDashboard = {
  to: paths.companyDashboard.getHref(),
  label: 'Back to Dashboard',
  goLabel: 'Go to Dashboard',
};

function useBackLink(side: ContractSide) {
  // The company's assignments are a tab of Billing, which not every role opens (a Hiring Manager does not).
  const mayOpenBilling = useAllowed('read:invoice:own');
  // Opened from the dashboard's team card (its link says so in the history entry): back there.
  const openedFrom = (useLocation().state as { from?: string } | null)?.from;
  if (side === 'applicant') {
    return { to: paths.applicantTimesheets.getHref(), label: 'Back to Timesheets', goLabel: 'Go to Timesheets' };
  }
  if (openedFrom === 'dashboard') return backToDashboard;
  return mayOpenBilling
    ? {
        to: `${paths.companyBilling.getHref()}?tab=assignments`,
        label: 'Back to Assignments',
        goLabel: 'Go to Assignments',
      }
    : backToDashboard;
}

export default function ContractPage({ pageId }: PageProps) {
  const { id = '' } = useParams();
  const side = sideOf(pageId);
  // An id that cannot be a contract's is not asked for: the contract does not exist.
  const isContractId = z.uuid().safeParse(id).success;
  const contract = useQuery({ ...contractQueryOptions(side, id), enabled: isContractId });
  const back = useBackLink(side);
  const title = contract.data?.role ?? paths[pageId].title;

  return (
    <PortalPage
      title={title}
      documentTitle={contract.data ? `Contract: ${contract.data.role}` : paths[pageId].title}
      back={{ to: back.to, label: back.label }}
      description={contract.data ? counterpartLine(contract.data, side) : undefined}
    >
      {!isContractId || isNotFoundError(contract.error) ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
            <p className="font-medium">{milestoneTexts.contractNotFound}</p>
            <p className="text-sm text-muted-foreground">It may belong to someone else, or the link is mistyped.</p>
            <Button variant="outline" asChild>
              <Link to={back.to}>{back.goLabel}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : contract.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading the contract</span>
          <Skeleton className="h-16 w-full" />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {['total', 'escrow', 'released'].map((card) => (
              <Skeleton key={card} className="h-[6.5rem]" />
            ))}
          </div>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : contract.isError ? (
        <Alert variant="destructive" className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>{errorMessage(contract.error, milestoneTexts.loadError)}</p>
          <Button variant="outline" size="sm" onClick={() => contract.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <ContractView contract={contract.data} side={side} />
      )}
    </PortalPage>
  );
}

const counterpartLine = (contract: Contract, side: ContractSide) =>
  side === 'company'
    ? `Fixed-price contract with ${contract.applicant_name}`
    : `Fixed-price contract with ${contract.company_name}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function ContractView({ contract, side }: { contract: Contract; side: ContractSide }) {
  const [open, setOpen] = useState<{ action: MilestoneAction; milestone: Milestone } | null>(null);
  const [isProposing, setIsProposing] = useState(false);
  const mayPropose = useMayProposeMilestones(contract);
  // Only the company reads what went back to its card (the talent's answer carries none).
  const hasRefunds = side === 'company' && contract.refunded_to_card_cents > 0;
  // The milestone as the contract shows it now: a dialog sees what changed while it is open (the files
  // the talent attaches).
  const shown = (action: MilestoneAction) =>
    open?.action === action
      ? (contract.milestones.find((milestone) => milestone.id === open.milestone.id) ?? open.milestone)
      : null;
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };
  const count = contract.milestones.length;
  // Those cancelled when the contract ended are shown, but are not part of the price.
  const cancelled = contract.milestones.filter((milestone) => milestone.status === 'cancelled').length;
  const live = count - cancelled;

  return (
    <div className="grid min-w-0 gap-6">
      <Card>
        <CardContent className="pt-4 sm:pt-6">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact label="Status">
              <AssignmentStatusBadge status={contract.status} />
            </Fact>
            {side === 'company' ? (
              <Fact label="Talent">{contract.applicant_name}</Fact>
            ) : (
              <Fact label="Company">{contract.company_name}</Fact>
            )}
            <Fact label="Start date">{formatIsoDay(contract.start_date)}</Fact>
            {contract.end_date && <Fact label="End date">{formatIsoDay(contract.end_date)}</Fact>}
          </dl>
          {side === 'applicant' && contract.status === 'active' && (
            <div className="mt-4 flex justify-end">
              <EndOwnAssignmentButton assignment={contract} />
            </div>
          )}
        </CardContent>
      </Card>

      <section
        aria-label="Contract summary"
        className={cn('grid grid-cols-1 gap-3', hasRefunds ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}
      >
        <SummaryCard
          label="Total price"
          value={formatCents(contract.total_cents, contract.currency)}
          hint={`${live} ${live === 1 ? 'milestone' : 'milestones'}${cancelled > 0 ? `, ${cancelled} cancelled` : ''}`}
          icon={<BanknoteIcon />}
        />
        <SummaryCard
          label="In escrow"
          value={formatCents(contract.escrow_cents, contract.currency)}
          hint="Funded and held until the work is approved"
          icon={<LockIcon />}
        />
        <SummaryCard
          label="Released"
          value={formatCents(contract.released_cents, contract.currency)}
          hint={side === 'company' ? 'Paid to the talent for approved work' : 'Paid to you for approved work'}
          icon={<CircleCheckIcon />}
        />
        {hasRefunds && (
          <SummaryCard
            label="Refunded"
            value={formatCents(contract.refunded_to_card_cents, contract.currency)}
            hint="Back to your card, with its fee and tax: see each credit note"
            icon={<Undo2Icon />}
          />
        )}
      </section>

      <section aria-labelledby="milestones-title" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h2 id="milestones-title" className="text-lg font-semibold">
            Milestones
          </h2>
          {mayPropose && (
            <Button variant="outline" size="sm" onClick={() => setIsProposing(true)}>
              <PencilLineIcon aria-hidden="true" />
              Propose changes
            </Button>
          )}
        </div>
        {contract.pending_proposal && (
          <PendingProposalCard contract={contract} side={side} proposal={contract.pending_proposal} />
        )}
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">This contract has no milestones.</p>
        ) : (
          <ol className="grid gap-4">
            {contract.milestones.map((milestone, index) => (
              <li key={milestone.id} className="min-w-0">
                <MilestoneCard
                  contract={contract}
                  milestone={milestone}
                  number={index + 1}
                  side={side}
                  onAction={(action) => setOpen({ action, milestone })}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      {side === 'company' ? (
        <>
          <FundMilestoneDialog contract={contract} milestone={shown('fund')} onOpenChange={close} />
          <ApproveMilestoneDialog contract={contract} milestone={shown('approve')} onOpenChange={close} />
          <RequestChangesDialog contract={contract} milestone={shown('request-changes')} onOpenChange={close} />
        </>
      ) : (
        <>
          <SubmitWorkDialog contract={contract} milestone={shown('submit')} onOpenChange={close} />
          <RefundMilestoneDialog contract={contract} milestone={shown('refund')} onOpenChange={close} />
        </>
      )}
      <DisputeMilestoneDialog contract={contract} side={side} milestone={shown('dispute')} onOpenChange={close} />
      <ProposeMilestonesDialog contract={contract} side={side} open={isProposing} onOpenChange={setIsProposing} />
    </div>
  );
}
