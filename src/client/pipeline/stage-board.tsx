import { DndContext, type DragEndEvent } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { MailIcon, XIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { applicationStatusLabels, canMoveApplication } from '~/shared/application-statuses';
import type { Job, JobApplication } from '~/shared/jobs';
import { firstNameOf } from '~/shared/message-templates';
import type { ApplicationDetail } from '~/shared/pipeline';
import { applicationQueryOptions } from './api';
import { type BoardFilters, useMessageApplication, useMessageColumn, useOptimisticMove } from './board-api';
import { BoardColumn } from './board-column';
import { type BoardColumnSpec, boardColumnsOf, columnIdOf } from './board-columns';
import {
  boardInstructions,
  cardOf,
  columnCollision,
  columnOf,
  createBoardAnnouncements,
  useBoardSensors,
} from './board-dnd';
import { BoardScroller } from './board-scroller';
import { MessageDialog } from './message-dialog';
import { OfferDialog } from './offer-dialog';
import { RejectDialog } from './reject-dialog';

const FAILED_MOVE = 'The application was not moved. Please try again.';
const rejectedColumn: BoardColumnSpec = { id: 'rejected', status: 'rejected', label: applicationStatusLabels.rejected };

type Outcome = { kind: 'moved'; card: JobApplication; to: BoardColumnSpec } | { kind: 'refused'; text: string };

type OpenDialog =
  | { kind: 'offer'; detail: ApplicationDetail }
  | { kind: 'reject'; card: JobApplication }
  | { kind: 'message'; card: JobApplication }
  | { kind: 'column'; column: BoardColumnSpec; items: JobApplication[] };

// A job's pipeline as columns by stage, Interviewing split into the job's interview stages when it has
// them. A card dropped on another column moves through the same API as the list's buttons: at once on
// screen, put back with the server's sentence when it refuses. A drop on Offer opens the offer's terms, on
// Not selected the rejection's reason. After a move, a message to the candidate is one click away; each
// column can be written to as a whole.
export function StageBoard({ job, companyName, filters }: { job: Job; companyName: string; filters: BoardFilters }) {
  // A Viewer reads the board: no handles; only the roles that write to candidates get stage emails and a
  // column's message.
  const permissions = {
    canMove: useAllowed('update:job_application:own'),
    canMessage: useAllowed('create:conversation:own'),
  };
  const queryClient = useQueryClient();
  const sensors = useBoardSensors();
  const columns = useMemo(() => boardColumnsOf(job.interview_stages), [job.interview_stages]);
  const announcements = useMemo(() => createBoardAnnouncements(columns), [columns]);
  const { moveCard } = useOptimisticMove(job.id);
  const messageApplication = useMessageApplication();
  const messageColumn = useMessageColumn(job.id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const closeDialog = () => setDialog(null);

  const valuesFor = (name: string) => ({
    first_name: firstNameOf(name),
    job_title: job.title,
    company_name: companyName,
  });

  async function move(card: JobApplication, to: BoardColumnSpec, reason?: string) {
    setOutcome(null);
    try {
      await moveCard(card, to, reason);
      setOutcome({ kind: 'moved', card, to });
    } catch (error) {
      setOutcome({ kind: 'refused', text: errorMessage(error, FAILED_MOVE) });
      throw error;
    }
  }

  async function drop(card: JobApplication, to: BoardColumnSpec) {
    // The rule only chooses whether a form comes first; the server judges every move it is sent.
    const isAllowed = canMoveApplication(card.status, to.status, 'company');
    if (isAllowed && to.status === 'rejected') return setDialog({ kind: 'reject', card });
    if (isAllowed && to.status === 'offered') {
      setOutcome(null);
      try {
        setDialog({ kind: 'offer', detail: await queryClient.fetchQuery(applicationQueryOptions(card.id)) });
      } catch (error) {
        setOutcome({ kind: 'refused', text: errorMessage(error, FAILED_MOVE) });
      }
      return;
    }
    await move(card, to).catch(() => undefined);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const card = cardOf(active);
    const to = columnOf(over);
    if (!card || !to || to.id === columnIdOf(card)) return;
    void drop(card, to);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      {outcome?.kind === 'refused' && (
        <Alert variant="destructive" className="items-start justify-between">
          <p>
            <span className="font-semibold">The application was not moved. </span>
            {outcome.text}
          </p>
          <DismissButton onClick={() => setOutcome(null)} />
        </Alert>
      )}
      {outcome?.kind === 'moved' && (
        <Alert variant="success" className="flex-wrap items-center justify-between">
          <p>
            {outcome.card.applicant_name} moved to {outcome.to.label}.
          </p>
          <div className="flex items-center gap-1">
            {permissions.canMessage && (
              <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'message', card: outcome.card })}>
                <MailIcon aria-hidden="true" />
                Send a message
              </Button>
            )}
            <DismissButton onClick={() => setOutcome(null)} />
          </div>
        </Alert>
      )}

      <DndContext
        sensors={sensors}
        collisionDetection={columnCollision}
        accessibility={{ announcements, screenReaderInstructions: boardInstructions }}
        onDragEnd={onDragEnd}
      >
        {/* The columns scroll sideways inside the board, never the page. */}
        <BoardScroller>
          <div className="flex w-max items-start gap-3">
            {columns.map((column, index) => (
              <BoardColumn
                key={column.id}
                jobId={job.id}
                column={column}
                index={index}
                filters={filters}
                canMove={permissions.canMove}
                onMessageColumn={
                  permissions.canMessage ? (items) => setDialog({ kind: 'column', column, items }) : undefined
                }
              />
            ))}
          </div>
        </BoardScroller>
      </DndContext>

      {dialog?.kind === 'offer' && (
        <OfferDialog application={dialog.detail} open onOpenChange={(open) => !open && closeDialog()} />
      )}
      <RejectDialog
        subject={dialog?.kind === 'reject' ? dialog.card.applicant_name : ''}
        open={dialog?.kind === 'reject'}
        onOpenChange={(open) => !open && closeDialog()}
        onReject={async (reason) => {
          if (dialog?.kind !== 'reject') return;
          await move(dialog.card, rejectedColumn, reason);
          closeDialog();
        }}
      />
      <MessageDialog
        open={dialog?.kind === 'message'}
        onOpenChange={(open) => !open && closeDialog()}
        title={dialog?.kind === 'message' ? `Message ${dialog.card.applicant_name}` : 'Message'}
        description="It goes to your conversation with them in Messages, and they are notified as for any message."
        preview={
          dialog?.kind === 'message'
            ? { name: dialog.card.applicant_name, values: valuesFor(dialog.card.applicant_name) }
            : null
        }
        submitLabel="Send"
        onSend={async (body, clientId) => {
          if (dialog?.kind !== 'message') return;
          await messageApplication.mutateAsync({ id: dialog.card.id, body, clientId });
          toast({ title: 'Message sent', description: `${dialog.card.applicant_name} can read it in Messages.` });
          closeDialog();
        }}
      />
      <MessageDialog
        open={dialog?.kind === 'column'}
        onOpenChange={(open) => !open && closeDialog()}
        title={
          dialog?.kind === 'column' ? `Message everyone in ${dialog.column.label}` : 'Message everyone in this column'
        }
        description="Each candidate in this column (as filtered) gets the message in their own conversation, with the placeholders filled for them."
        preview={
          dialog?.kind === 'column' && dialog.items[0]
            ? { name: dialog.items[0].applicant_name, values: valuesFor(dialog.items[0].applicant_name) }
            : null
        }
        submitLabel="Send to everyone"
        onSend={async (body, clientId) => {
          if (dialog?.kind !== 'column') return;
          const result = await messageColumn.mutateAsync({
            ...filters,
            status: dialog.column.status,
            interview_stage: dialog.column.interviewStageId,
            body,
            clientId,
          });
          toast({
            title: `Message sent to ${result.sent} candidate${result.sent === 1 ? '' : 's'}`,
            description:
              result.skipped > 0
                ? `${result.skipped} could not be written to: their accounts are no longer active.`
                : 'They can read it in Messages.',
          });
          closeDialog();
        }}
      />
    </div>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="icon" variant="ghost" className="size-8 shrink-0" aria-label="Dismiss" onClick={onClick}>
      <XIcon aria-hidden="true" />
    </Button>
  );
}
