import { and, eq, gt, ne } from 'drizzle-orm';
import type { ApplicantMeetingList } from '~/shared/applications';
import { meetingTypeLabels } from '~/shared/meetings';
import type { Database } from '../db/client';
import { meetingParticipants, meetings } from '../db/schema';
import { loadMeetingViews, meetingEndsAt, pageMeetingIds } from './meeting-views';

// GET /api/applicant/meetings (docs/spec/portal-and-public-site.md §3 Meeting: company, type, date, link): the
// applicant's meetings still ahead (or under way) that they have not declined, soonest first.
export async function findApplicantMeetings({
  db,
  applicantId,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<ApplicantMeetingList> {
  const { ids, total } = await pageMeetingIds({
    db,
    where: and(
      eq(meetingParticipants.userId, applicantId),
      ne(meetingParticipants.response, 'declined'),
      eq(meetings.status, 'scheduled'),
      gt(meetingEndsAt, now),
    ),
    page,
    pageSize,
  });
  const views = await loadMeetingViews({ db, viewerId: applicantId, ids });
  return {
    items: views.map((meeting) => ({
      id: meeting.id,
      company: meeting.company?.name ?? meeting.title,
      type: meetingTypeLabels[meeting.type],
      date: meeting.starts_at,
      // The organizer's call when they gave one, else the room.
      link: meeting.call_link ?? meeting.join_url,
    })),
    total,
    page,
    page_size: pageSize,
  };
}
