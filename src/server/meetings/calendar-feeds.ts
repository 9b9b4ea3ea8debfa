import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import {
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  meetingTexts,
} from '~/shared/meetings';
import type { Database } from '../db/client';
import { calendarFeeds, meetingParticipants, meetings, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { buildMeetingCalendar } from './build-meeting-calendar';
import { findParticipants, meetingEndsAt } from './meeting-views';

// A person's private iCalendar feed (Connect Google Calendar): the URL's token is the credential, so
// only its hash is kept, the URL is shown once, and making a new one ends the old.

// More than anyone's calendar holds; it keeps a feed request bounded whatever happens.
const FEED_MAX_MEETINGS = 2_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

export async function getCalendarFeedStatus({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<CalendarFeedStatus> {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { exists: Boolean(feed), created_at: feed?.createdAt.toISOString() ?? null };
}

export async function createCalendarFeed({
  db,
  publicUrl,
  userId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  publicUrl: string;
  userId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<CalendarFeedCreated> {
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .insert(calendarFeeds)
      .values({ userId, tokenHash: hashToken(token), createdAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: now } });
    await recordAuditEvent({
      db: tx,
      event: { actorId: userId, action: 'calendar_feed.created', targetType: 'user', targetId: userId, ipAddress },
    });
  });
  return { url: feedUrl(publicUrl, token), created_at: now.toISOString() };
}

// GET /api/calendar/<token>.ics: the owner's meetings from a month back onward, cancelled ones marked
// so, for whichever calendar app holds the URL. An unknown token is a 404.
export async function readCalendarFeed({
  db,
  publicUrl,
  token,
  now = new Date(),
}: {
  db: Database;
  publicUrl: string;
  token: string;
  now?: Date;
}): Promise<string> {
  const [owner] = await db
    .select({ userId: users.id, name: users.name })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.status, 'active')));
  if (!owner) throw new AppError('not_found', meetingTexts.feedNotFound);
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000);
  const rows = await db
    .select({ meeting: meetings })
    .from(meetings)
    .innerJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
    .where(and(eq(meetingParticipants.userId, owner.userId), gt(meetingEndsAt, since)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(FEED_MAX_MEETINGS);
  const participants = await findParticipants(
    db,
    rows.map((row) => row.meeting.id),
  );
  return buildMeetingCalendar({
    name: `Tandem meetings: ${owner.name}`,
    publicUrl,
    readerId: owner.userId,
    items: rows.map(({ meeting }) => ({
      meeting,
      participants: participants.filter((participant) => participant.meetingId === meeting.id),
    })),
  });
}
