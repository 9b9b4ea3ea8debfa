import {
  CheckIcon,
  CreditCardIcon,
  DownloadIcon,
  PaperclipIcon,
  RotateCcwIcon,
  ScaleIcon,
  SendIcon,
  Undo2Icon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { InPayoutCurrency } from '~/client/components/in-payout-currency';
import { MilestoneStatusBadge } from '~/client/components/milestone-status-badge';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatFileSize } from '~/client/lib/file-size';
import { formatIsoDay, formatMomentDayIn } from '~/client/lib/iso-day';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import type { Contract, Milestone, MilestoneFile } from '~/shared/milestones';
import { type ContractSide, downloadMilestoneCreditNote } from './api';

export type MilestoneAction = 'fund' | 'approve' | 'request-changes' | 'submit' | 'dispute' | 'refund';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

// What each side may do with a milestone now, as its status and the person's role allow: the company
// funds one not funded yet (Owner, Admin, Billing), reviews or disputes a submitted one (Owner, Admin,
// Hiring Manager); the talent submits a funded one or one sent back, gives its money back, or disputes
// the review of submitted work. Once the contract has ended, what was funded still goes on (its
// unfunded milestones are cancelled): only funding stops.
function useMilestoneActions(contract: Contract, milestone: Milestone, side: ContractSide): MilestoneAction[] {
  const mayFund = useAllowed('create:milestone_funding:own');
  const mayUpdate = useAllowed('update:milestone:own');
  const actions: MilestoneAction[] = [];
  const { status } = milestone;
  if (side === 'company') {
    if (mayFund && status === 'unfunded' && contract.status !== 'ended') actions.push('fund');
    if (mayUpdate && status === 'submitted') actions.push('approve', 'request-changes', 'dispute');
  } else if (mayUpdate) {
    if (status === 'funded' || status === 'changes_requested') actions.push('submit', 'refund');
    if (status === 'submitted') actions.push('dispute');
  }
  return actions;
}

// One milestone of a contract: its title, amount and status, what it is, when it is due and was funded,
// the work submitted and the changes asked for, and the buttons of the moves the person may make. The
// buttons carry the milestone's title in their names: a contract has several Fund buttons.
export function MilestoneCard({
  contract,
  milestone,
  number,
  side,
  onAction,
}: {
  contract: Contract;
  milestone: Milestone;
  number: number;
  side: ContractSide;
  onAction: (action: MilestoneAction) => void;
}) {
  const titleId = useId();
  const zone = useOwnTimeZone();
  const actions = useMilestoneActions(contract, milestone, side);
  const day = (at: string) => formatMomentDayIn(at, zone);
  const isCancelled = milestone.status === 'cancelled';

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'grid min-w-0 gap-3 rounded-lg border border-border p-4',
        isCancelled ? 'bg-muted/40 text-muted-foreground' : 'bg-background shadow-sm',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
          <p className="text-xs text-muted-foreground">Milestone {number}</p>
          <h3 id={titleId} className="font-semibold break-words [overflow-wrap:anywhere]">
            {milestone.title}
          </h3>
        </div>
        <div className="flex items-center gap-3">
          <MilestoneStatusBadge status={milestone.status} />
          <span className={cn('font-semibold tabular-nums', isCancelled && 'line-through')}>
            {formatCents(milestone.amount_cents, contract.currency)}
          </span>
        </div>
      </div>
      {side === 'applicant' && <InPayoutCurrency amountCents={milestone.amount_cents} currency={contract.currency} />}

      {milestone.description && (
        <p className="text-sm break-words whitespace-pre-line [overflow-wrap:anywhere]">{milestone.description}</p>
      )}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Due date">{formatIsoDay(milestone.due_date)}</Fact>
        <Fact label="Funded on">{milestone.funded_at ? day(milestone.funded_at) : 'Not yet'}</Fact>
        {milestone.submitted_at && <Fact label="Submitted on">{day(milestone.submitted_at)}</Fact>}
        {milestone.approved_at && <Fact label="Approved on">{day(milestone.approved_at)}</Fact>}
      </dl>

      {isCancelled ? (
        <p className="text-sm">
          {contract.status === 'ended'
            ? 'Cancelled when the contract ended, before it was funded: not part of the total.'
            : 'Removed by an accepted change, before it was funded: not part of the total.'}
        </p>
      ) : (
        <FundingNote contract={contract} milestone={milestone} side={side} />
      )}

      {milestone.submission_message && (
        <div className="grid gap-1 rounded-md bg-muted/60 p-3">
          <p className="text-xs font-medium text-muted-foreground">Submitted work</p>
          <p className="text-sm break-words whitespace-pre-line [overflow-wrap:anywhere]">
            {milestone.submission_message}
          </p>
          <SubmittedFiles files={milestone.files} title={milestone.title} />
        </div>
      )}
      {milestone.changes_comment && (
        <Alert variant="warning" className="flex-col gap-1">
          <AlertTitle>Changes requested</AlertTitle>
          <p className="break-words whitespace-pre-line [overflow-wrap:anywhere]">{milestone.changes_comment}</p>
        </Alert>
      )}
      {milestone.dispute && <DisputeNote contract={contract} milestone={milestone} dispute={milestone.dispute} />}
      {milestone.status === 'refunded' && !milestone.dispute && (
        <p className="text-sm text-muted-foreground">
          Given back to {contract.company_name}: the whole charge for this milestone was refunded.
        </p>
      )}
      {milestone.credit_note && <CreditNoteLine note={milestone.credit_note} currency={contract.currency} />}
      {milestone.status === 'submitted' && milestone.auto_approve_on && (
        <p className="text-sm text-muted-foreground">
          Approves automatically on {formatIsoDay(milestone.auto_approve_on)}
        </p>
      )}

      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.includes('fund') && (
            <Button size="sm" aria-label={`Fund ${milestone.title}`} onClick={() => onAction('fund')}>
              <CreditCardIcon aria-hidden="true" />
              Fund
            </Button>
          )}
          {actions.includes('approve') && (
            <Button size="sm" aria-label={`Approve ${milestone.title}`} onClick={() => onAction('approve')}>
              <CheckIcon aria-hidden="true" />
              Approve
            </Button>
          )}
          {actions.includes('request-changes') && (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Request changes to ${milestone.title}`}
              onClick={() => onAction('request-changes')}
            >
              <Undo2Icon aria-hidden="true" />
              Request changes
            </Button>
          )}
          {actions.includes('submit') && (
            <Button size="sm" aria-label={`Submit work for ${milestone.title}`} onClick={() => onAction('submit')}>
              <SendIcon aria-hidden="true" />
              Submit work
            </Button>
          )}
          {actions.includes('dispute') && (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Dispute ${milestone.title}`}
              onClick={() => onAction('dispute')}
            >
              <ScaleIcon aria-hidden="true" />
              Dispute
            </Button>
          )}
          {actions.includes('refund') && (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Refund to company for ${milestone.title}`}
              onClick={() => onAction('refund')}
            >
              <RotateCcwIcon aria-hidden="true" />
              Refund to company
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

// Whether the money is there: the talent starts a milestone's work once it is funded, and is told so.
function FundingNote({ contract, milestone, side }: { contract: Contract; milestone: Milestone; side: ContractSide }) {
  if (side === 'applicant' && milestone.status === 'unfunded') {
    return (
      <p className="text-sm text-muted-foreground">
        Not funded yet: wait for {contract.company_name} to fund it before you start this work.
      </p>
    );
  }
  if (side === 'applicant' && milestone.status === 'funded') {
    return (
      <Alert variant="success" className="flex-col gap-1">
        <AlertTitle>Funded</AlertTitle>
        <p>
          {formatCents(milestone.amount_cents, contract.currency)} is held in escrow for you. You can start the work.
        </p>
      </Alert>
    );
  }
  if (side === 'company' && milestone.status === 'funded') {
    return (
      <p className="text-sm text-muted-foreground">
        Held in escrow until you approve the work, then released to {contract.applicant_name}.
      </p>
    );
  }
  return null;
}

const sideName = (contract: Contract, side: ContractSide) =>
  side === 'company' ? contract.company_name : contract.applicant_name;

// A dispute, open or settled: why and by whom, and once an administrator settled it, how the money went.
function DisputeNote({
  contract,
  milestone,
  dispute,
}: {
  contract: Contract;
  milestone: Milestone;
  dispute: NonNullable<Milestone['dispute']>;
}) {
  const zone = useOwnTimeZone();
  const day = (at: string) => formatMomentDayIn(at, zone);
  return (
    <Alert variant="warning" className="flex-col gap-1">
      <p className="font-medium break-words whitespace-pre-line [overflow-wrap:anywhere]">
        In dispute since {day(dispute.opened_at)}: {dispute.reason}
      </p>
      <p>Opened by {sideName(contract, dispute.opened_by)}.</p>
      {dispute.settled_at ? (
        <>
          <p className="mt-1 font-medium break-words whitespace-pre-line [overflow-wrap:anywhere]">
            Settled on {day(dispute.settled_at)}: {dispute.settlement_note}
          </p>
          <p>
            Released to {contract.applicant_name}: {formatCents(milestone.released_cents, contract.currency)}. Refunded
            to {contract.company_name}: {formatCents(milestone.refunded_cents, contract.currency)}.
          </p>
        </>
      ) : (
        <p>An administrator is reviewing it; the money stays in escrow meanwhile.</p>
      )}
    </Alert>
  );
}

// What went back to the company's card, fee and tax included, and its credit note (decision 048): the
// milestone's refunded amount alone is not what the card got back.
function CreditNoteLine({ note, currency }: { note: NonNullable<Milestone['credit_note']>; currency: Currency }) {
  const zone = useOwnTimeZone();
  const save = async () => {
    try {
      await downloadMilestoneCreditNote(note);
    } catch (error) {
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'The PDF could not be downloaded. Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/60 p-3 text-sm">
      <p>
        <span className="font-medium">
          Refunded {formatCents(note.total_cents, currency)} to your card on {formatMomentDayIn(note.issued_at, zone)}
        </span>{' '}
        <span className="text-muted-foreground">(with its platform fee and tax)</span>
      </p>
      <Button variant="outline" size="sm" onClick={save}>
        <DownloadIcon aria-hidden="true" />
        Credit note {note.number}
      </Button>
    </div>
  );
}

// The files handed in with the work, to download.
function SubmittedFiles({ files, title }: { files: MilestoneFile[]; title: string }) {
  const submitted = files.filter((file) => file.submitted_at !== null);
  if (submitted.length === 0) return null;
  return (
    <ul aria-label={`Files of ${title}`} className="mt-1 grid gap-1">
      {submitted.map((file) => (
        <li key={file.id} className="flex min-w-0 items-center gap-2 text-sm">
          <PaperclipIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <a
            href={file.download_url}
            download
            className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          >
            {file.name}
          </a>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
