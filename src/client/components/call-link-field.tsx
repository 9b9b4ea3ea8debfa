import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { MEETING_CALL_LINK_MAX_LENGTH } from '~/shared/meeting-texts';

interface CallLinkFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

// Call link: the organizer holds the meeting on Zoom, Google Meet or Teams. Join Meeting, the emails and
// the calendar files lead there; left empty, they lead to the meeting's room on Tandem.
export function CallLinkField({ value, onChange, error }: CallLinkFieldProps) {
  return (
    <FormField
      label="Call link (optional)"
      hint="A Zoom, Google Meet or Teams link. Join Meeting and the calendar invitations open it."
      error={error}
    >
      {(control) => (
        <Input
          {...control}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://zoom.us/j/..."
          value={value}
          maxLength={MEETING_CALL_LINK_MAX_LENGTH}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
