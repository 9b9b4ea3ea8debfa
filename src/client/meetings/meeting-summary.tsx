import { ClockIcon, UsersIcon } from 'lucide-react';
import { durationLabel } from '~/client/components/meeting-time-fields';
import { Badge } from '~/client/components/ui/badge';
import { meetingResponseLabels, meetingTypeLabels } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { meetingState, meetingWhen } from './meeting-format';

// A meeting's facts as the viewer reads them: kind, state, when (in each side's zone), who and their
// answers. The upcoming list shows it short; the details panel and the room page in full.
export function MeetingSummary({ meeting, isFull = false }: { meeting: Meeting; isFull?: boolean }) {
  const state = meetingState(meeting);
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{meetingTypeLabels[meeting.type]}</Badge>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      <p className="font-medium break-words">{meeting.title}</p>
      <p className="flex gap-1.5 text-sm text-muted-foreground">
        <ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <time dateTime={meeting.starts_at}>{meetingWhen(meeting)}</time> · {durationLabel(meeting.duration_minutes)}
        </span>
      </p>
      <div className="flex gap-1.5 text-sm text-muted-foreground">
        <UsersIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <ul className="min-w-0">
          {meeting.participants.map((person) => (
            <li key={person.user_id} className="break-words">
              {person.is_you ? 'You' : person.name}
              {isFull && ` (${person.time_zone ?? 'no time zone set'})`}
              {' · '}
              {person.is_organizer ? 'Organizer' : meetingResponseLabels[person.response]}
            </li>
          ))}
        </ul>
      </div>
      {meeting.company && isFull && <p className="text-sm text-muted-foreground">Company: {meeting.company.name}</p>}
      {meeting.cancel_reason && (
        <p className="text-sm break-words">
          <span className="font-medium">Cancelled:</span> “{meeting.cancel_reason}”
        </p>
      )}
      {isFull && meeting.notes && <p className="text-sm break-words whitespace-pre-line">{meeting.notes}</p>}
    </div>
  );
}
