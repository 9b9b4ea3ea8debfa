import { type FormEvent, useState } from 'react';
import { CallLinkField } from '~/client/components/call-link-field';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import {
  checkMeetingTime,
  type MeetingTime,
  MeetingTimeFields,
  meetingFormErrors,
  meetingTimeOf,
} from '~/client/components/meeting-time-fields';
import { OwnTimeZoneGate } from '~/client/components/own-time-zone-gate';
import { TextAreaField } from '~/client/components/text-area-field';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import { splitServerError } from '~/client/lib/form-errors';
import { MEETING_REASON_MAX_LENGTH, meetingTexts } from '~/shared/meeting-texts';
import { callLinkError, type Meeting } from '~/shared/meetings';
import { useCancelMeeting, useRescheduleMeeting } from './api';
import { isOrganizer, meetingWith, othersIn } from './meeting-format';

interface MeetingDialogProps {
  meeting: Meeting;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// Reschedule: a new day, time or length (on the person's own clock), and why. The others are asked to
// answer again. The organizer also sees the call link here, to give, change or remove it.
export function RescheduleDialog({ meeting, open, onOpenChange }: MeetingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Reschedule ${meeting.title}`}
        description={`${meetingWith(meeting)} will be asked to accept the new time.`}
      >
        {open && (
          <OwnTimeZoneGate>
            {(zone) => <RescheduleForm meeting={meeting} zone={zone} onDone={() => onOpenChange(false)} />}
          </OwnTimeZoneGate>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RescheduleForm({ meeting, zone, onDone }: { meeting: Meeting; zone: string; onDone: () => void }) {
  const reschedule = useRescheduleMeeting();
  const [when, setWhen] = useState<MeetingTime>(() =>
    meetingTimeOf(new Date(meeting.starts_at), meeting.duration_minutes, zone),
  );
  const [reason, setReason] = useState('');
  const canSetCallLink = isOrganizer(meeting);
  const [callLink, setCallLink] = useState(meeting.call_link ?? '');
  const [errors, setErrors] = useState<Partial<Record<'day' | 'duration' | 'reason' | 'call_link', string>>>({});
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkMeetingTime(when, zone);
    const linkError = canSetCallLink ? callLinkError(callLink) : undefined;
    setErrors({ ...checked.errors, ...(linkError && { call_link: linkError }) });
    if (!checked.startsAt || linkError) return;
    setBanner(null);
    try {
      await reschedule.mutateAsync({
        id: meeting.id,
        starts_at: checked.startsAt.toISOString(),
        duration_minutes: when.duration,
        reason: reason.trim() || undefined,
        // Only the organizer's form says where the call is; an empty field removes the link.
        ...(canSetCallLink && { call_link: callLink.trim() || null }),
      });
      const isMoved =
        checked.startsAt.getTime() !== Date.parse(meeting.starts_at) || when.duration !== meeting.duration_minutes;
      toast(
        isMoved
          ? {
              title: meetingTexts.rescheduled,
              description: `${meetingWith(meeting)} will be asked to accept the new time.`,
            }
          : { title: meetingTexts.callLinkChanged, description: `${meetingWith(meeting)} will find the new link.` },
      );
      onDone();
    } catch (error) {
      const refused = meetingFormErrors(error, ['reason', 'call_link'], 'The meeting was not moved. Please try again.');
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <MeetingTimeFields value={when} onChange={setWhen} errors={errors} zone={zone} others={othersIn(meeting)} />
      <TextAreaField
        label="Reason (optional)"
        hint="The others read it with the new time."
        error={errors.reason}
        rows={2}
        value={reason}
        maxLength={MEETING_REASON_MAX_LENGTH}
        onChange={setReason}
      />
      {canSetCallLink && <CallLinkField value={callLink} onChange={setCallLink} error={errors.call_link} />}
      <DialogFormFooter
        banner={banner}
        cancelLabel="Keep Current Time"
        onCancel={onDone}
        submitLabel="Reschedule"
        pendingLabel="Rescheduling..."
        isPending={reschedule.isPending}
      />
    </form>
  );
}

// Cancel asks why: the others read the reason with the cancellation.
export function CancelMeetingDialog({ meeting, open, onOpenChange }: MeetingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Cancel ${meeting.title}?`}
        description={`${meetingWith(meeting)} will be told, with your reason. This cannot be undone.`}
      >
        {open && <CancelForm meeting={meeting} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ meeting, onDone }: { meeting: Meeting; onDone: () => void }) {
  const cancel = useCancelMeeting();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(meetingTexts.reasonRequired);
      return;
    }
    setError(undefined);
    setBanner(null);
    try {
      await cancel.mutateAsync({ id: meeting.id, reason: reason.trim() });
      toast({ title: meetingTexts.cancelled, description: `${meetingWith(meeting)} has been told.` });
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = splitServerError(
        failure,
        ['reason'],
        'The meeting was not cancelled. Please try again.',
      );
      setError(fieldErrors[0]?.[1]);
      setBanner(message);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TextAreaField
        label="Reason"
        error={error}
        value={reason}
        maxLength={MEETING_REASON_MAX_LENGTH}
        onChange={setReason}
      />
      <DialogFormFooter
        banner={banner}
        cancelLabel="Keep Meeting"
        onCancel={onDone}
        submitLabel="Cancel Meeting"
        pendingLabel="Cancelling..."
        isPending={cancel.isPending}
        destructive
      />
    </form>
  );
}
