import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookingLinkHosts,
  bookingLinks,
  companyMembers,
  conversationMembers,
  conversations,
  jobHiringTeam,
  jobs,
  meetingParticipants,
  meetings,
  sessions,
  users,
} from '../../db/schema';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { revokeCredentials } from './revoke-standing-credentials';

// What ended with a membership, for the audit row.
export interface EndedMembership {
  sessions: number;
  api_tokens: number;
  calendar_feed: boolean;
  conversations_left: number;
  hiring_teams_left: number;
  meetings_left: number;
  booking_links_closed: number;
}

// A member leaves the company, by their own choice or removed, and everything that gave them access ends
// in the same transaction: the membership row (company data is read through it, so the company's jobs,
// pipeline and conversations are closed to them from the next request); every session (deleted, so an old
// cookie is refused with 401) and API token (revoked); the calendar feed, whose address would still list
// the company's meetings; their read cursors in the company's conversations (which send them message
// digests); their places on job hiring teams; their places in the company's meetings not over yet (a
// participant may enter a meeting's room); and the booking links they organise that are still open (they
// would go on offering their times), or their place as a host on the others. Their messages, notes,
// meetings organised and audit rows stay, under their name: the users row stays too, with no company.
// The caller tells their open tabs (live `session.ended`), which closes their sockets. Removal, leaving
// and erasure (kernels/identity/anonymize-account.ts) all end a membership here.
export async function endMembership({
  tx,
  companyId,
  userId,
  now,
}: {
  tx: Database;
  companyId: string;
  userId: string;
  now: Date;
}): Promise<EndedMembership> {
  await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  const endedSessions = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const credentials = await revokeCredentials({ tx, userId, now });
  const companyConversations = tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), inArray(conversations.kind, ['direct', 'account_manager'])));
  const cursors = await tx
    .delete(conversationMembers)
    .where(
      and(eq(conversationMembers.userId, userId), inArray(conversationMembers.conversationId, companyConversations)),
    )
    .returning({ id: conversationMembers.conversationId });
  const hiringTeams = await tx
    .delete(jobHiringTeam)
    .where(
      and(
        eq(jobHiringTeam.userId, userId),
        inArray(jobHiringTeam.jobId, tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, companyId))),
      ),
    )
    .returning({ jobId: jobHiringTeam.jobId });
  const comingMeetings = tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.companyId, companyId),
        sql`${meetings.startsAt} + make_interval(mins => ${meetings.durationMinutes}) > ${now.toISOString()}::timestamptz`,
      ),
    );
  const places = await tx
    .delete(meetingParticipants)
    .where(and(eq(meetingParticipants.userId, userId), inArray(meetingParticipants.meetingId, comingMeetings)))
    .returning({ meetingId: meetingParticipants.meetingId });
  const openLink = and(
    eq(bookingLinks.companyId, companyId),
    isNull(bookingLinks.usedAt),
    gt(bookingLinks.expiresAt, now),
  );
  const closedLinks = await tx
    .update(bookingLinks)
    .set({ expiresAt: now })
    .where(and(openLink, eq(bookingLinks.organizerId, userId)))
    .returning({ id: bookingLinks.id });
  await tx
    .delete(bookingLinkHosts)
    .where(
      and(
        eq(bookingLinkHosts.userId, userId),
        inArray(bookingLinkHosts.linkId, tx.select({ id: bookingLinks.id }).from(bookingLinks).where(openLink)),
      ),
    );
  // Read now: an erasure has replaced the address already, so the event never carries the real one.
  const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await emitWebhookEvent({
    db: tx,
    companyId,
    type: 'member.left',
    data: { user_id: userId, email: member?.email ?? '' },
  });
  return {
    sessions: endedSessions.length,
    api_tokens: credentials.apiTokens,
    calendar_feed: credentials.calendarFeed,
    conversations_left: cursors.length,
    hiring_teams_left: hiringTeams.length,
    meetings_left: places.length,
    booking_links_closed: closedLinks.length,
  };
}
