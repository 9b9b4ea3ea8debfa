import { useQuery } from '@tanstack/react-query';
import { FileIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { DetailFact } from '~/client/components/details-drawer';
import { MilestoneStatusBadge } from '~/client/components/milestone-status-badge';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatFileSize } from '~/client/lib/file-size';
import { auditActionLabel } from '~/shared/audit-logs';
import { formatCents } from '~/shared/billing-texts';
import { type DisputeDetail, type DisputeSummary, milestoneTexts } from '~/shared/milestones';
import { disputeQueryOptions } from './api';
import { disputeStatusBadges, disputeStatusLabels, formatDisputeMoment, openedByText } from './dispute-format';
import { SettleDisputeForm } from './settle-dispute-form';
import { SettlementBreakdown } from './settlement-breakdown';

const LOAD_FAILED = 'Failed to load this dispute. Please try again.';

// One dispute (docs/decisions/035), from the list's Review: its facts and reason, the contract's
// milestones with the disputed one marked, the work handed in, what happened to it, the messages between
// the two sides, and Settle while it is open.
export function DisputeDetailDialog({
  dispute,
  onOpenChange,
}: {
  dispute: DisputeSummary | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={dispute !== null} onOpenChange={onOpenChange}>
      {dispute && (
        <DialogContent
          title={`Dispute over “${dispute.milestone_title}”`}
          description={`${dispute.role}: ${dispute.company_name} and ${dispute.applicant_name}`}
          className="max-w-xl"
        >
          <DisputeDetailBody id={dispute.id} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DisputeDetailBody({ id }: { id: string }) {
  const detail = useQuery(disputeQueryOptions(id));
  if (detail.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the dispute</span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (detail.isError) {
    const isGone = isNotFoundError(detail.error);
    return (
      <Alert variant="destructive" className="flex-col gap-2">
        <p>{isGone ? milestoneTexts.disputeNotFound : errorMessage(detail.error, LOAD_FAILED)}</p>
        {!isGone && (
          <Button size="sm" variant="outline" onClick={() => detail.refetch()}>
            Try Again
          </Button>
        )}
      </Alert>
    );
  }
  return <DisputeDetailView detail={detail.data} />;
}

function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DisputeDetailView({ detail }: { detail: DisputeDetail }) {
  const { dispute, contract } = detail;
  const canSettle = useAllowed('update:milestone:any');
  const disputed = contract.milestones.find((milestone) => milestone.id === dispute.id);
  const messages = [...detail.messages].sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  const isOpen = dispute.status === 'open';

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailFact label="Status">
          <Badge variant={disputeStatusBadges[dispute.status]}>{disputeStatusLabels[dispute.status]}</Badge>
        </DetailFact>
        <DetailFact label={isOpen ? 'Held in escrow' : 'Funded'}>{formatCents(dispute.funded_cents)}</DetailFact>
        <DetailFact label="Opened by">{openedByText(dispute)}</DetailFact>
        <DetailFact label="Opened">{formatDisputeMoment(dispute.opened_at)}</DetailFact>
        {dispute.settled_at && <DetailFact label="Settled">{formatDisputeMoment(dispute.settled_at)}</DetailFact>}
      </dl>

      <DetailSection title="Reason">
        <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{dispute.reason}</p>
      </DetailSection>

      {!isOpen && (
        <DetailSection title="Settlement">
          <SettlementBreakdown
            label="How the charge was split"
            charge={detail.charge}
            releaseCents={dispute.released_cents}
            companyName={dispute.company_name}
            applicantName={dispute.applicant_name}
          />
          {detail.settlement_note && (
            <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{detail.settlement_note}</p>
          )}
        </DetailSection>
      )}

      <DetailSection title="Milestones">
        <ul aria-label="Milestones of the contract" className="grid gap-2">
          {contract.milestones.map((milestone) => {
            const isDisputed = milestone.id === dispute.id;
            return (
              <li
                key={milestone.id}
                aria-current={isDisputed ? 'true' : undefined}
                className={cn(
                  'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border px-3 py-2 text-sm',
                  isDisputed && 'border-destructive bg-destructive/5',
                )}
              >
                <span className="min-w-0 flex-1 basis-40 font-medium [overflow-wrap:anywhere]">
                  {milestone.title}
                  {isDisputed && <span className="ml-2 text-xs font-normal text-destructive">This dispute</span>}
                </span>
                <span className="tabular-nums">{formatCents(milestone.amount_cents)}</span>
                <MilestoneStatusBadge status={milestone.status} />
              </li>
            );
          })}
        </ul>
      </DetailSection>

      {disputed && (
        <DetailSection title="Submitted work">
          {disputed.submitted_at && (
            <p className="text-xs text-muted-foreground">Submitted {formatDisputeMoment(disputed.submitted_at)}</p>
          )}
          <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {disputed.submission_message || 'No message was submitted with the work.'}
          </p>
          {disputed.files.length > 0 && (
            <ul aria-label="Submitted files" className="grid gap-1">
              {disputed.files.map((file) => (
                <li key={file.id} className="flex items-center gap-2 text-sm">
                  <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <a
                    href={file.download_url}
                    className="min-w-0 underline underline-offset-4 [overflow-wrap:anywhere]"
                    download
                  >
                    {file.name}
                  </a>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                </li>
              ))}
            </ul>
          )}
        </DetailSection>
      )}

      <DetailSection title="History">
        {detail.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol aria-label="History of the milestone" className="grid gap-2">
            {detail.history.map((entry) => (
              <li key={`${entry.at}-${entry.action}`} className="grid text-sm">
                <span className="font-medium">{auditActionLabel(entry.action)}</span>
                <span className="text-xs text-muted-foreground">
                  {entry.actor_name ?? 'System'} · {formatDisputeMoment(entry.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>

      <MessagesSection detail={detail} messages={messages} />

      {isOpen && canSettle && <SettleDisputeForm detail={detail} />}
    </div>
  );
}

// The conversation between the company and the talent, oldest first, scrolled to the newest.
function MessagesSection({ detail, messages }: { detail: DisputeDetail; messages: DisputeDetail['messages'] }) {
  const headingId = useId();
  const scroller = useRef<HTMLElement>(null);
  // The newest message in view when the dispute opens, as a conversation reads.
  useEffect(() => {
    if (scroller.current && messages.length > 0) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [messages.length]);
  if (messages.length === 0) {
    return (
      <DetailSection title="Messages">
        <p className="text-sm text-muted-foreground">
          {detail.dispute.company_name} and {detail.dispute.applicant_name} have not written to each other.
        </p>
      </DetailSection>
    );
  }
  return (
    <div className="grid min-w-0 gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Messages
      </h3>
      <section
        aria-labelledby={headingId}
        ref={scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls takes the focus, so a keyboard scrolls it
        tabIndex={0}
        className="max-h-72 overflow-y-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ol className="grid gap-3 p-3">
          {messages.map((message) => (
            <li key={message.id} className="grid gap-0.5 text-sm">
              <span className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{message.sender_name ?? 'Deleted account'}</span> ·{' '}
                {formatDisputeMoment(message.sent_at)}
              </span>
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
