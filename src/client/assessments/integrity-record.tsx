import { ChevronDownIcon, ShieldAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { occurrenceKeys } from '~/client/lib/occurrence-keys';
import {
  type AttemptReview,
  INTEGRITY_EVENTS_MAX,
  type IntegrityEventType,
  integrityTexts,
  type StoredIntegrityEvent,
} from '~/shared/test-attempts';
import { eventTimeLabel, plural } from './attempt-format';

const eventLabels: Record<IntegrityEventType, string> = {
  focus_lost: 'Left the tab',
  focus_returned: 'Came back to the tab',
  paste: 'Pasted text',
};

export const integritySummary = (integrity: Pick<AttemptReview['integrity'], 'focus_losses' | 'pastes'>) =>
  `Left the tab ${plural(integrity.focus_losses, 'time', 'times')} · Pasted ${plural(integrity.pastes, 'time', 'times')}`;

// "1 min 5 s" away from the test, read off a return and the loss before it.
function awayLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

function awayTimes(events: StoredIntegrityEvent[]): Array<string | null> {
  let lostAt: number | null = null;
  return events.map((event) => {
    const at = new Date(event.at).getTime();
    if (event.type === 'focus_lost') lostAt = at;
    if (event.type !== 'focus_returned' || lostAt === null) return null;
    const seconds = Math.max(0, Math.round((at - lostAt) / 1000));
    lostAt = null;
    return awayLabel(seconds);
  });
}

// What the browser recorded while the candidate took the test (they were told it would be): the counts
// in plain sight, and the timeline a click away. The counts are clues to ask about, not proof.
export function IntegrityRecord({
  integrity,
  questionNumbers,
}: {
  integrity: AttemptReview['integrity'];
  // Question id → its number on this page.
  questionNumbers: Map<string, number>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const timelineId = useId();
  const { events } = integrity;
  const isClean = integrity.focus_losses === 0 && integrity.pastes === 0;
  const away = awayTimes(events);
  const eventKeys = occurrenceKeys(events, (event) => `${event.type}-${event.at}-${event.question_id ?? ''}`);

  return (
    <Card aria-labelledby={`${timelineId}-title`}>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle id={`${timelineId}-title`} className="flex items-center gap-2 text-base">
          <ShieldAlertIcon
            className={cn('size-4', isClean ? 'text-muted-foreground' : 'text-amber-600')}
            aria-hidden="true"
          />
          Integrity record
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className={cn('text-sm font-medium', !isClean && 'text-amber-900')}>{integritySummary(integrity)}</p>
        {integrity.is_truncated && (
          <p className="text-sm text-muted-foreground">{integrityTexts.truncated(INTEGRITY_EVENTS_MAX)}</p>
        )}
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing was recorded while the test was open.</p>
        ) : (
          <>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              aria-expanded={isOpen}
              aria-controls={isOpen ? timelineId : undefined}
              onClick={() => setIsOpen((open) => !open)}
            >
              <ChevronDownIcon className={cn('transition-transform', isOpen && 'rotate-180')} aria-hidden="true" />
              {isOpen ? 'Hide the timeline' : `Show the timeline (${plural(events.length, 'event', 'events')})`}
            </Button>
            {isOpen && (
              <ol id={timelineId} aria-label="Integrity timeline" className="grid gap-2 border-l border-border pl-4">
                {events.map((event, index) => {
                  const number = event.question_id ? questionNumbers.get(event.question_id) : undefined;
                  return (
                    <li key={eventKeys[index]} className="text-sm">
                      <time dateTime={event.at} className="tabular-nums text-muted-foreground">
                        {eventTimeLabel(event.at)}
                      </time>{' '}
                      <span className="font-medium">{eventLabels[event.type]}</span>
                      {number !== undefined && <span> in question {number}</span>}
                      {away[index] && <span className="text-muted-foreground"> · away {away[index]}</span>}
                    </li>
                  );
                })}
              </ol>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
