import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CallLinkField } from '~/client/components/call-link-field';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import {
  checkMeetingTime,
  defaultMeetingTime,
  type MeetingTime,
  MeetingTimeFields,
  meetingFormErrors,
} from '~/client/components/meeting-time-fields';
import { OwnTimeZoneGate } from '~/client/components/own-time-zone-gate';
import { TextAreaField } from '~/client/components/text-area-field';
import { Alert } from '~/client/components/ui/alert';
import { toast } from '~/client/components/ui/use-toast';
import { useScheduleAccountManagerCall } from '~/client/lib/meeting-queries';
import { MEETING_NOTES_MAX_LENGTH, meetingTexts } from '~/shared/meeting-texts';
import { callLinkError } from '~/shared/meetings';
import { accountManagerCallQueryOptions } from './api';

const FAILURE_TEXT = 'The call was not scheduled. Please try again.';

// The Schedule Call dialog's body (ScheduleCallButton loads it when the dialog opens, with the day picker and
// the form's checks): the person's own time zone first if they have none, then the form.
export function ScheduleCallBody({ onDone }: { onDone: () => void }) {
  return <OwnTimeZoneGate>{(zone) => <ScheduleCallForm zone={zone} onDone={onDone} />}</OwnTimeZoneGate>;
}

function ScheduleCallForm({ zone, onDone }: { zone: string; onDone: () => void }) {
  const schedule = useScheduleAccountManagerCall();
  const invitee = useQuery(accountManagerCallQueryOptions());
  const manager = invitee.data?.account_manager;
  const [when, setWhen] = useState<MeetingTime>(() => defaultMeetingTime(zone));
  const [notes, setNotes] = useState('');
  const [callLink, setCallLink] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'day' | 'duration' | 'notes' | 'call_link', string>>>({});
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkMeetingTime(when, zone);
    const linkError = callLinkError(callLink);
    setErrors({ ...checked.errors, ...(linkError && { call_link: linkError }) });
    if (!checked.startsAt || linkError) return;
    setBanner(null);
    try {
      const meeting = await schedule.mutateAsync({
        starts_at: checked.startsAt.toISOString(),
        duration_minutes: when.duration,
        notes: notes.trim() || undefined,
        call_link: callLink.trim() || undefined,
      });
      toast({ title: meetingTexts.scheduled, description: `${meeting.title}. It is on your Meetings page.` });
      onDone();
    } catch (error) {
      const refused = meetingFormErrors(error, ['notes', 'call_link'], FAILURE_TEXT);
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      {invitee.data && !manager && <Alert variant="warning">{meetingTexts.noAccountManager}</Alert>}
      <MeetingTimeFields
        value={when}
        onChange={setWhen}
        errors={errors}
        zone={zone}
        others={manager ? [manager] : []}
      />
      <TextAreaField
        label="What would you like to talk about? (optional)"
        error={errors.notes}
        value={notes}
        maxLength={MEETING_NOTES_MAX_LENGTH}
        onChange={setNotes}
      />
      <CallLinkField value={callLink} onChange={setCallLink} error={errors.call_link} />
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Schedule Call"
        pendingLabel="Scheduling..."
        isPending={schedule.isPending}
      />
    </form>
  );
}
