import { CheckIcon, CreditCardIcon, PaperclipIcon, SendIcon, Undo2Icon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { useAllowed } from '~/client/lib/allowed';
import { formatFileSize } from '~/client/lib/file-size';
import { formatIsoDay, formatMomentDayIn } from '~/client/lib/iso-day';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import { formatCents } from '~/shared/billing';
import type { Contract, Milestone, MilestoneFile } from '~/shared/milestones';
import type { ContractSide } from './api';
import { MilestoneStatusBadge } from './milestone-status-badge';

export type MilestoneAction = 'fund' | 'approve' | 'request-changes' | 'submit';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

// What each side may do with a milestone now, as its status and the person's role allow: the company
// funds one not funded yet (Owner, Admin, Billing) and reviews a submitted one (Owner, Admin, Hiring
// Manager); the talent submits a funded one, or one sent back. Neither while the contract is ended.
function useMilestoneActions(contract: Contract, milestone: Milestone, side: ContractSide): MilestoneAction[] {
  const mayFund = useAllowed('create:milestone_funding:own');
  const mayUpdate = useAllowed('update:milestone:own');
  const actions: MilestoneAction[] = [];
  // An ended contract's milestones are settled by the platform, not moved by either side.
  if (contract.status === 'ended') return actions;
  if (side === 'company') {
    if (mayFund && milestone.status === 'unfunded') actions.push('fund');
    if (mayUpdate && milestone.status === 'submitted') actions.push('approve', 'request-changes');
  } else if (mayUpdate && (milestone.status === 'funded' || milestone.status === 'changes_requested')) {
    actions.push('submit');
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

  return (
    <article
      aria-labelledby={titleId}
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
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
          <span className="font-semibold tabular-nums">{formatCents(milestone.amount_cents)}</span>
        </div>
      </div>

      {milestone.description && (
        <p className="text-sm break-words whitespace-pre-line [overflow-wrap:anywhere]">{milestone.description}</p>
      )}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Due date">{formatIsoDay(milestone.due_date)}</Fact>
        <Fact label="Funded on">{milestone.funded_at ? day(milestone.funded_at) : 'Not yet'}</Fact>
        {milestone.submitted_at && <Fact label="Submitted on">{day(milestone.submitted_at)}</Fact>}
        {milestone.approved_at && <Fact label="Approved on">{day(milestone.approved_at)}</Fact>}
      </dl>

      <FundingNote contract={contract} milestone={milestone} side={side} />

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
        <p>{formatCents(milestone.amount_cents)} is held in escrow for you. You can start the work.</p>
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
