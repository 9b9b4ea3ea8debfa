import { type FormEvent, useState } from 'react';
import { TimeZonePicker } from '~/client/components/time-zone-picker';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { splitServerError } from '~/client/lib/form-errors';
import { browserTimeZone, useSaveOwnTimeZone } from '~/client/lib/own-time-zone';
import { meetingTexts } from '~/shared/meeting-texts';
import { isIanaTimeZone } from '~/shared/talent-texts';

const FAILURE_TEXT = 'Your time zone was not saved. Please try again.';

interface OwnTimeZoneFormProps {
  // The zone saved now (null: none yet, and the browser's is offered).
  current: string | null;
  submitLabel?: string;
  // After the server kept it.
  onSaved?: (zone: string) => void;
}

// The person's own time zone, chosen from the IANA list with the applicant profile's picker: in
// Settings, and where a scheduling dialog or a meetings screen asks for it first (docs/decisions/022).
// Without a saved zone the browser's is offered, and nothing is saved until the person says so.
export function OwnTimeZoneForm({ current, submitLabel = 'Save Time Zone', onSaved }: OwnTimeZoneFormProps) {
  const save = useSaveOwnTimeZone();
  const suggested = browserTimeZone();
  const [zone, setZone] = useState(() => current ?? (isIanaTimeZone(suggested) ? suggested : ''));
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const [savedZone, setSavedZone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSavedZone(null);
    if (!zone) {
      setError(meetingTexts.timeZone);
      return;
    }
    setError(undefined);
    setBanner(null);
    try {
      const answer = await save.mutateAsync(zone);
      setSavedZone(answer.time_zone);
      if (answer.time_zone) onSaved?.(answer.time_zone);
    } catch (failure) {
      const { fieldErrors, message } = splitServerError(failure, ['time_zone'], FAILURE_TEXT);
      setError(fieldErrors[0]?.[1]);
      setBanner(message);
    }
  }

  // The browser's zone is only a suggestion, and said to be one.
  const hint =
    !current && suggested && zone === suggested
      ? `Your browser says ${suggested}. Change it if you work in another zone.`
      : undefined;

  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <FormField label="Your time zone" hint={hint} error={error}>
        {(control) => <TimeZonePicker control={control} value={zone} onChange={setZone} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
        {savedZone && (
          <p role="status" className="text-sm text-muted-foreground">
            {meetingTexts.timeZoneSaved}
          </p>
        )}
      </div>
    </form>
  );
}
