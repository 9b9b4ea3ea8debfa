import { PhoneCallIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import {
  checkMeetingTime,
  defaultMeetingTime,
  type MeetingTime,
  MeetingTimeFields,
  meetingFormErrors,
} from '~/client/components/meeting-time-fields';
import { TextAreaField } from '~/client/components/text-area-field';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import { useScheduleAccountManagerCall } from '~/client/lib/meeting-queries';
import { MEETING_NOTES_MAX_LENGTH, meetingTexts } from '~/shared/meetings';

const FAILURE_TEXT = 'The call was not scheduled. Please try again.';

// Schedule Call on the company dashboard's Account Manager card: a check-in with the company's
// account manager, who answers it like any invitation. `manager` is who they are, for the time preview.
export function ScheduleCallButton({ manager }: { manager?: { name: string; time_zone?: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PhoneCallIcon aria-hidden="true" />
          Schedule Call
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Schedule Call"
        description={`A check-in call with ${manager?.name ?? 'your account manager'}. They are asked to accept it.`}
      >
        {open && <ScheduleCallForm manager={manager} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleCallForm({ manager, onDone }: { manager?: { name: string; time_zone?: string }; onDone: () => void }) {
  const schedule = useScheduleAccountManagerCall();
  const [when, setWhen] = useState<MeetingTime>(defaultMeetingTime);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'day' | 'duration' | 'notes', string>>>({});
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkMeetingTime(when);
    setErrors(checked.errors);
    if (!checked.startsAt) return;
    setBanner(null);
    try {
      const meeting = await schedule.mutateAsync({
        starts_at: checked.startsAt.toISOString(),
        duration_minutes: when.duration,
        notes: notes.trim() || undefined,
      });
      toast({ title: meetingTexts.scheduled, description: `${meeting.title}. It is on your Meetings page.` });
      onDone();
    } catch (error) {
      const refused = meetingFormErrors(error, ['notes'], FAILURE_TEXT);
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <MeetingTimeFields
        value={when}
        onChange={setWhen}
        errors={errors}
        others={manager?.time_zone ? [{ name: manager.name, time_zone: manager.time_zone }] : []}
      />
      <TextAreaField
        label="What would you like to talk about? (optional)"
        error={errors.notes}
        value={notes}
        maxLength={MEETING_NOTES_MAX_LENGTH}
        onChange={setNotes}
      />
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
