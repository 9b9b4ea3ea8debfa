import { and, eq, gt, lt } from 'drizzle-orm';
import type { MeetingList, MeetingStatus } from '~/shared/meetings';
import type { Database } from '../db/client';
import { meetingParticipants, meetings } from '../db/schema';
import { loadMeetingViews, meetingEndsAt, pageMeetingIds } from './meeting-views';

// The person's meetings that overlap [from, to) (a calendar's month or week; without `to`, everything
// from `from` on), earliest first, a page at a time. Only meetings they take part in: the condition on
// their participant row is the tenancy.
export async function findMeetings({
  db,
  userId,
  from,
  to,
  status,
  page,
  pageSize,
}: {
  db: Database;
  userId: string;
  from: Date;
  to?: Date;
  status?: MeetingStatus;
  page: number;
  pageSize: number;
}): Promise<MeetingList> {
  const { ids, total } = await pageMeetingIds({
    db,
    where: and(
      eq(meetingParticipants.userId, userId),
      gt(meetingEndsAt, from),
      to ? lt(meetings.startsAt, to) : undefined,
      status ? eq(meetings.status, status) : undefined,
    ),
    page,
    pageSize,
  });
  const items = await loadMeetingViews({ db, viewerId: userId, ids });
  return { items, total, page, page_size: pageSize };
}
