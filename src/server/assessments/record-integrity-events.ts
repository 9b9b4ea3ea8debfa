import { eq, sql } from 'drizzle-orm';
import { INTEGRITY_EVENTS_MAX, type IntegrityEvent, type StoredIntegrityEvent } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAttempts } from '../db/schema';
import { lockOpenAttempt } from './find-own-attempt';

// Keeps the focus losses and pastes the candidate's browser reports while the attempt is open, with the
// time the server received them; the company sees them beside the answers. The timeline stops at its
// cap (a script cannot grow the row without end); the counts go on, and the events left out are
// counted so the company is told the timeline is cut short.
export async function recordIntegrityEvents({
  db,
  applicantId,
  attemptId,
  events,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  events: IntegrityEvent[];
  now?: Date;
}): Promise<{ recorded: number }> {
  return db.transaction(async (tx) => {
    const attempt = await lockOpenAttempt({ db: tx, applicantId, attemptId, now });
    const kept = Array.isArray(attempt.integrityEvents) ? attempt.integrityEvents.length : 0;
    const room = Math.max(0, INTEGRITY_EVENTS_MAX - kept);
    const stored: StoredIntegrityEvent[] = events.slice(0, room).map((event) => ({
      type: event.type,
      at: event.at,
      question_id: event.question_id ?? null,
      received_at: now.toISOString(),
    }));
    const countOf = (type: IntegrityEvent['type']) => events.filter((event) => event.type === type).length;
    await tx
      .update(testAttempts)
      .set({
        integrityEvents: sql`${testAttempts.integrityEvents} || ${JSON.stringify(stored)}::jsonb`,
        focusLosses: sql`${testAttempts.focusLosses} + ${countOf('focus_lost')}`,
        pastes: sql`${testAttempts.pastes} + ${countOf('paste')}`,
        integrityEventsDropped: sql`${testAttempts.integrityEventsDropped} + ${events.length - stored.length}`,
      })
      .where(eq(testAttempts.id, attemptId));
    return { recorded: stored.length };
  });
}
