import { tz } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { CallLinkField } from '~/client/components/call-link-field';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import {
  checkMeetingTime,
  defaultMeetingTime,
  type MeetingTime,
  MeetingTimeFields,
  meetingFormErrors,
  startsAtOf,
} from '~/client/components/meeting-time-fields';
import { OwnTimeZoneGate } from '~/client/components/own-time-zone-gate';
import { SearchInput } from '~/client/components/search-input';
import { TextAreaField } from '~/client/components/text-area-field';
import { Alert } from '~/client/components/ui/alert';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import {
  colleaguesQueryOptions,
  inviteeBusyQueryOptions,
  meetingInviteesQueryOptions,
  useScheduleMeeting,
  useSendBookingLink,
} from '~/client/lib/meeting-queries';
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';
import { BOOKING_COLLEAGUES_MAX, bookingTexts } from '~/shared/booking';
import { calendarConnectionTexts } from '~/shared/calendar-connections';
import {
  MEETING_NOTES_MAX_LENGTH,
  MEETING_TITLE_MAX_LENGTH,
  meetingDurations,
  meetingTexts,
  meetingTypeLabels,
  meetingTypes,
} from '~/shared/meeting-texts';
import { callLinkError, type Meeting, type MeetingInvitee, type MeetingType } from '~/shared/meetings';

const FAILURE_TEXT = 'The meeting was not scheduled. Please try again.';
const LINK_FAILURE_TEXT = 'The booking link was not sent. Please try again.';

type Field = 'application_id' | 'type' | 'day' | 'duration' | 'title' | 'notes' | 'call_link';
// The fields the server may name besides the time's.
const ownFields = ['application_id', 'type', 'title', 'notes', 'call_link'] as const;

interface ScheduleMeetingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // From an application's drawer: that applicant, fixed. Without it the company picks one.
  applicationId?: string;
  onScheduled?: (meeting: Meeting) => void;
}

// Schedule Meeting (the company's meetings page and the pipeline's drawer): an applicant in the
// pipeline, the kind of meeting, when (on the scheduler's own clock, asked for first when they have
// not set a zone) and for how long, with the time as the applicant will read it in their own zone and
// a warning when it falls outside their working day. An interview moves the application to Interviewing.
export function ScheduleMeetingDialog({ open, onOpenChange, applicationId, onScheduled }: ScheduleMeetingDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Schedule Meeting"
        description="The applicant is invited and answers on their Meetings page. An interview moves the application to Interviewing."
      >
        {open && (
          <OwnTimeZoneGate>
            {(zone) => (
              <ScheduleMeetingForm
                zone={zone}
                applicationId={applicationId}
                onDone={(meeting) => {
                  onOpenChange(false);
                  if (meeting) onScheduled?.(meeting);
                }}
              />
            )}
          </OwnTimeZoneGate>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleMeetingForm({
  zone,
  applicationId,
  onDone,
}: {
  zone: string;
  applicationId?: string;
  onDone: (meeting?: Meeting) => void;
}) {
  const schedule = useScheduleMeeting();
  const sendLink = useSendBookingLink();
  // Pick a time now, or send the applicant the free times to choose from (docs/decisions/031).
  const [mode, setMode] = useState<'time' | 'link'>('time');
  const [colleagueIds, setColleagueIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState(applicationId ?? '');
  const [type, setType] = useState<MeetingType>('interview');
  const [when, setWhen] = useState<MeetingTime>(() => defaultMeetingTime(zone));
  const [title, setTitle] = useState('');
  const [notes, setNotes] = useState('');
  const [callLink, setCallLink] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const invitees = useQuery(meetingInviteesQueryOptions({ q: search, application_id: applicationId }));
  const options = invitees.data?.items ?? [];
  const invitee: MeetingInvitee | undefined = options.find((option) => option.application_id === chosenId);

  async function submitLink() {
    const found: Partial<Record<Field, string>> = {};
    if (!chosenId) found.application_id = 'Choose an applicant from your pipeline.';
    const linkError = callLinkError(callLink);
    if (linkError) found.call_link = linkError;
    setErrors(found);
    if (found.application_id || found.call_link) return;
    setBanner(null);
    try {
      await sendLink.mutateAsync({
        application_id: chosenId,
        type,
        duration_minutes: when.duration,
        title: title.trim() || undefined,
        notes: notes.trim() || undefined,
        call_link: callLink.trim() || undefined,
        colleague_ids: colleagueIds,
      });
      toast({
        title: bookingTexts.sent,
        description: `${invitee?.applicant_name ?? 'The applicant'} can book a time within the next two weeks.`,
      });
      onDone();
    } catch (error) {
      const refused = meetingFormErrors(error, ownFields, LINK_FAILURE_TEXT);
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mode === 'link') return submitLink();
    const checked = checkMeetingTime(when, zone);
    const found: Partial<Record<Field, string>> = { ...checked.errors };
    if (!chosenId) found.application_id = 'Choose an applicant from your pipeline.';
    const linkError = callLinkError(callLink);
    if (linkError) found.call_link = linkError;
    setErrors(found);
    if (!checked.startsAt || found.application_id || found.call_link) return;
    setBanner(null);
    try {
      const meeting = await schedule.mutateAsync({
        application_id: chosenId,
        type,
        starts_at: checked.startsAt.toISOString(),
        duration_minutes: when.duration,
        title: title.trim() || undefined,
        notes: notes.trim() || undefined,
        call_link: callLink.trim() || undefined,
      });
      toast({
        title: meetingTexts.scheduled,
        description: `${invitee?.applicant_name ?? 'The applicant'} is invited.`,
      });
      onDone(meeting);
    } catch (error) {
      const refused = meetingFormErrors(error, ownFields, FAILURE_TEXT);
      setErrors(refused.errors);
      setBanner(refused.banner);
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">How</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['time', 'Pick a time'],
              ['link', 'Send booking link'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-3 text-sm has-checked:border-primary"
            >
              <input
                type="radio"
                name="schedule-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {label}
            </label>
          ))}
        </div>
        {mode === 'link' && (
          <p className="text-sm text-muted-foreground">
            The applicant gets an email and a notification with the times in the next two weeks when you and the
            colleagues you add are all free, at least 12 hours ahead and 15 minutes clear of other meetings. They book
            one; the link works once, for 7 days.
          </p>
        )}
      </fieldset>
      {applicationId ? (
        <FixedInvitee invitee={invitee} isLoading={invitees.isPending} />
      ) : (
        <div className="grid gap-2">
          <SearchInput
            label="Search applicants"
            placeholder="Search by name or job title..."
            value={search}
            onSearch={setSearch}
          />
          <FormField
            label="Applicant"
            error={errors.application_id}
            hint={
              invitees.data && invitees.data.total > options.length
                ? `Showing ${options.length} of ${invitees.data.total.toLocaleString('en-US')}: search by name or job to find the others.`
                : undefined
            }
          >
            {(control) => (
              <NativeSelect {...control} value={chosenId} onChange={(event) => setChosenId(event.target.value)}>
                <option value="">
                  {invitees.isPending
                    ? 'Loading applicants...'
                    : options.length === 0
                      ? 'No applicants found'
                      : 'Choose an applicant'}
                </option>
                {options.map((option) => (
                  <option key={option.application_id} value={option.application_id}>
                    {`${option.applicant_name} · ${option.job_title} (${applicationStatusLabels[option.status as ApplicationStatus] ?? option.status})`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {invitees.isError && (
            <Alert variant="destructive">{errorMessage(invitees.error, 'Failed to load your applicants.')}</Alert>
          )}
        </div>
      )}
      <FormField label="Type" error={errors.type}>
        {(control) => (
          <NativeSelect {...control} value={type} onChange={(event) => setType(event.target.value as MeetingType)}>
            {meetingTypes.map((option) => (
              <option key={option} value={option}>
                {meetingTypeLabels[option]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {mode === 'time' ? (
        <>
          <MeetingTimeFields
            value={when}
            onChange={setWhen}
            errors={errors}
            zone={zone}
            others={invitee ? [{ name: invitee.applicant_name, time_zone: invitee.time_zone }] : []}
          />
          {invitee && <InviteeBusyLine invitee={invitee} when={when} zone={zone} />}
        </>
      ) : (
        <>
          <FormField label="Duration" error={errors.duration}>
            {(control) => (
              <NativeSelect
                {...control}
                value={when.duration}
                onChange={(event) => setWhen({ ...when, duration: Number(event.target.value) })}
              >
                {meetingDurations.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {`${minutes} minutes`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <ColleaguePicker chosen={colleagueIds} onChange={setColleagueIds} />
        </>
      )}
      <FormField label="Title (optional)" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={MEETING_TITLE_MAX_LENGTH}
            placeholder={invitee ? `${meetingTypeLabels[type]}: ${invitee.job_title}` : meetingTypeLabels[type]}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </FormField>
      <TextAreaField
        label="Notes (optional)"
        hint="Everyone in the meeting reads them."
        error={errors.notes}
        value={notes}
        maxLength={MEETING_NOTES_MAX_LENGTH}
        onChange={setNotes}
      />
      <CallLinkField value={callLink} onChange={setCallLink} error={errors.call_link} />
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={() => onDone()}
        submitLabel={mode === 'link' ? 'Send Booking Link' : 'Schedule Meeting'}
        pendingLabel={mode === 'link' ? 'Sending...' : 'Scheduling...'}
        isPending={schedule.isPending || sendLink.isPending}
      />
    </form>
  );
}

// The organizer's colleagues who must be free too, and who join the meeting booked.
function ColleaguePicker({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const colleagues = useQuery(colleaguesQueryOptions());
  const items = colleagues.data?.items ?? [];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Colleagues who join (optional)</legend>
      {colleagues.isPending ? (
        <Skeleton className="h-8 w-full" />
      ) : colleagues.isError ? (
        <Alert variant="destructive">{errorMessage(colleagues.error, 'Failed to load your colleagues.')}</Alert>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody else is in your company on Tandem yet.</p>
      ) : (
        <ul className="grid max-h-40 gap-2 overflow-y-auto">
          {items.map((colleague) => (
            <li key={colleague.user_id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(colleague.user_id)}
                  disabled={!chosen.includes(colleague.user_id) && chosen.length >= BOOKING_COLLEAGUES_MAX}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...chosen, colleague.user_id]
                        : chosen.filter((id) => id !== colleague.user_id),
                    )
                  }
                />
                {colleague.name}
                <span className="text-muted-foreground">
                  {colleague.time_zone ? `(${colleague.time_zone})` : '(no time zone set)'}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function FixedInvitee({ invitee, isLoading }: { invitee: MeetingInvitee | undefined; isLoading: boolean }) {
  if (isLoading) return <Skeleton className="h-12 w-full" />;
  if (!invitee) return <Alert variant="destructive">{meetingTexts.applicationEnded}</Alert>;
  return (
    <div className="rounded-md border border-border p-3 text-sm">
      <p className="font-medium">{invitee.applicant_name}</p>
      <p className="text-muted-foreground">
        {invitee.job_title} ·{' '}
        {invitee.time_zone
          ? `their time zone: ${invitee.time_zone}`
          : `${invitee.applicant_name} has not set a time zone`}
      </p>
    </div>
  );
}

// When the applicant is in other meetings on the chosen day (any company's, times only), on the organizer's
// clock, and a warning when the chosen time overlaps one: a free time is picked without a round of messages.
function InviteeBusyLine({ invitee, when, zone }: { invitee: MeetingInvitee; when: MeetingTime; zone: string }) {
  const dayStart = when.day ? startsAtOf({ ...when, time: '00:00' }, zone) : null;
  const busy = useQuery({
    ...inviteeBusyQueryOptions(invitee.application_id, dayStart?.toISOString() ?? ''),
    enabled: dayStart !== null,
  });
  if (!dayStart) return null;
  if (busy.isPending) return <Skeleton className="h-4 w-64" />;
  if (busy.isError) {
    return (
      <p className="text-sm text-muted-foreground">
        {errorMessage(busy.error, 'Their other meetings could not be loaded.')}
      </p>
    );
  }
  const first = invitee.applicant_name.split(' ')[0] ?? invitee.applicant_name;
  const clock = (iso: string) => format(new Date(iso), 'h:mm a', { in: tz(zone) });
  const startsAt = startsAtOf(when, zone);
  const endsAt = startsAt && new Date(startsAt.getTime() + when.duration * 60_000);
  const overlaps =
    startsAt &&
    endsAt &&
    busy.data.items.some(
      (item) => Date.parse(item.starts_at) < endsAt.getTime() && Date.parse(item.ends_at) > startsAt.getTime(),
    );
  return (
    <div className="grid gap-1 text-sm" aria-live="polite">
      <p className="text-muted-foreground">
        {busy.data.items.length === 0
          ? `${first} has no other meetings that day.`
          : `${first} is in other meetings that day: ${busy.data.items
              .map(
                (item) =>
                  `${clock(item.starts_at)}–${clock(item.ends_at)}${item.source === 'calendar' ? ' (their calendar)' : ''}`,
              )
              .join(', ')} (your time).`}
      </p>
      <p className="text-xs text-muted-foreground">{calendarConnectionTexts.organizerHint}</p>
      {overlaps && <p className="font-medium text-amber-900">{`${first} has another meeting at that time.`}</p>}
    </div>
  );
}
