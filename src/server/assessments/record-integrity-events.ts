import { eq, sql } from 'drizzle-orm';
import { INTEGRITY_EVENTS_MAX, type IntegrityEvent, type StoredIntegrityEvent } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAttempts } from '../db/schema';
import { lockOpenAttempt } from './find-own-attempt';

// Keeps the focus losses and pastes the candidate's browser reports while the attempt is open, with the
// time the server received them; the company sees them beside the answers. Beyond the cap they are
// counted no further (a script cannot grow the row without end).
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
    if (stored.length > 0) {
      await tx
        .update(testAttempts)
        .set({ integrityEvents: sql`${testAttempts.integrityEvents} || ${JSON.stringify(stored)}::jsonb` })
        .where(eq(testAttempts.id, attemptId));
    }
    return { recorded: stored.length };
  });
}
