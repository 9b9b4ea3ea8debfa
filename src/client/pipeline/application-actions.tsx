import { BriefcaseBusinessIcon, CalendarCheckIcon, MailIcon, StarIcon, XCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { canMoveApplication } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';
import { interviewStageOf, interviewStageTexts } from '~/shared/interview-stages';
import { firstNameOf } from '~/shared/message-templates';
import type { ApplicationDetail } from '~/shared/pipeline';
import { useMoveApplication } from './api';
import { useMessageApplication } from './board-api';
import { MessageDialog } from './message-dialog';
import { OfferDialog } from './offer-dialog';
import { dayLabel } from './pipeline-format';
import { RejectDialog } from './reject-dialog';

const forwardMoves = {
  shortlisted: { label: 'Shortlist', icon: StarIcon, toast: 'Shortlisted', done: 'is on the shortlist.' },
  interviewing: {
    label: 'Move to Interviewing',
    icon: CalendarCheckIcon,
    toast: 'Moved to Interviewing',
    done: 'is in the interviewing stage.',
  },
} as const;

// What the company can do with an application where it stands (canMoveApplication, docs/design.md §5):
// Shortlist, Move to Interviewing, Make Offer, Reject. Only the moves its stage allows are offered. Send a
// message writes to the candidate, from a template or not (a stage email after a move).
export function ApplicationActions({ application }: { application: ApplicationDetail }) {
  const move = useMoveApplication();
  const message = useMessageApplication();
  const [dialog, setDialog] = useState<'offer' | 'reject' | 'message' | null>(null);
  const { status } = application;
  const name = application.applicant.name;
  // The moves its stage allows, for a role that may move applications (not a Viewer or Billing).
  const mayUpdate = useAllowed('update:job_application:own');
  const can = (to: ApplicationStatus) => mayUpdate && canMoveApplication(status, to, 'company');
  // Writing to candidates is the hiring roles' (a Viewer reads the conversation, sends nothing).
  const mayMessage = useAllowed('create:conversation:own');

  async function moveForward(to: keyof typeof forwardMoves) {
    try {
      await move.mutateAsync({ id: application.id, to });
      toast({ title: forwardMoves[to].toast, description: `${name} ${forwardMoves[to].done}` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The application was not moved',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    }
  }

  async function reject(reason: string | undefined) {
    const detail = await move.mutateAsync({ id: application.id, to: 'rejected', reason });
    setDialog(null);
    toast({ title: 'Application rejected', description: `${name} was told: “${detail.rejection_reason}”` });
  }

  const moves = (['shortlisted', 'interviewing'] as const).filter(can);

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {moves.map((to) => {
          const { label, icon: Icon } = forwardMoves[to];
          return (
            <Button key={to} size="sm" variant="outline" disabled={move.isPending} onClick={() => moveForward(to)}>
              <Icon aria-hidden="true" />
              {label}
            </Button>
          );
        })}
        {can('offered') && (
          <Button size="sm" disabled={move.isPending} onClick={() => setDialog('offer')}>
            <BriefcaseBusinessIcon aria-hidden="true" />
            Make Offer
          </Button>
        )}
        {can('rejected') && (
          <Button size="sm" variant="ghost" disabled={move.isPending} onClick={() => setDialog('reject')}>
            <XCircleIcon aria-hidden="true" />
            Reject
          </Button>
        )}
        {mayMessage && (
          <Button size="sm" variant="outline" onClick={() => setDialog('message')}>
            <MailIcon aria-hidden="true" />
            Send a message
          </Button>
        )}
      </div>
      {mayUpdate && status === 'interviewing' && application.job.interview_stages.length > 0 && (
        <InterviewStageSelect application={application} />
      )}
      <StageNote application={application} />
      <OfferDialog
        application={application}
        open={dialog === 'offer'}
        onOpenChange={(open) => setDialog(open ? 'offer' : null)}
      />
      <MessageDialog
        open={dialog === 'message'}
        onOpenChange={(open) => setDialog(open ? 'message' : null)}
        title={`Message ${name}`}
        description="It goes to your conversation with them in Messages, and they are notified as for any message."
        preview={{
          name,
          values: {
            first_name: firstNameOf(name),
            job_title: application.job.title,
            company_name: application.job.company_name,
          },
        }}
        submitLabel="Send"
        onSend={async (body, clientId) => {
          await message.mutateAsync({ id: application.id, body, clientId });
          setDialog(null);
          toast({ title: 'Message sent', description: `${name} can read it in Messages.` });
        }}
      />
      <RejectDialog
        subject={name}
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        onReject={reject}
      />
    </div>
  );
}

// Where the application stands when the company has little or nothing left to do.
function StageNote({ application }: { application: ApplicationDetail }) {
  const name = application.applicant.name;
  const text = {
    offered: `Waiting for ${name} to accept or decline the offer.`,
    hired: application.hired_at
      ? `${name} accepted the offer on ${dayLabel(application.hired_at)}.`
      : `${name} is hired.`,
    rejected: 'This application was not selected.',
    withdrawn: `${name} withdrew this application.`,
  }[application.status as 'offered' | 'hired' | 'rejected' | 'withdrawn'];
  return text ? <p className="text-sm text-muted-foreground">{text}</p> : null;
}

// Which of the job's interview stages an application in Interviewing is in; choosing another moves it there
// (the applicant still reads Interviewing).
function InterviewStageSelect({ application }: { application: ApplicationDetail }) {
  const id = useId();
  const move = useMoveApplication();
  const stages = application.job.interview_stages;
  const current = interviewStageOf(stages, application.interview_stage_id);
  const name = application.applicant.name;

  async function choose(stageId: string) {
    const stage = stages.find((candidate) => candidate.id === stageId);
    if (!stage || stage.id === current?.id) return;
    try {
      await move.mutateAsync({ id: application.id, to: 'interviewing', stage_id: stage.id });
      toast({ title: `Moved to ${stage.name}`, description: `${name} is in the ${stage.name} stage.` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The application was not moved',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id}>{interviewStageTexts.selectLabel}</Label>
      <NativeSelect
        id={id}
        className="w-auto min-w-48"
        value={current?.id ?? ''}
        disabled={move.isPending}
        onChange={(event) => void choose(event.target.value)}
      >
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stage.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
