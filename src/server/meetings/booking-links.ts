import { and, asc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import {
  BOOKING_BUFFER_MINUTES,
  BOOKING_HORIZON_DAYS,
  BOOKING_LINK_DAYS,
  BOOKING_NOTICE_MINUTES,
  BOOKING_STEP_MINUTES,
  type BookingLink,
  bookingTexts,
  type ColleagueList,
  type CreateBookingLinkInput,
} from '~/shared/booking';
import { type Meeting, meetingTexts, meetingTimeFor, meetingTypeLabels } from '~/shared/meetings';
import { companyRolesWith } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import {
  applicantProfiles,
  applications,
  bookingLinkHosts,
  bookingLinks,
  companies,
  companyMembers,
  jobs as jobsTable,
  meetingParticipants,
  meetings,
  users,
} from '../db/schema';
import { knownTimeZone, ownTimeZoneColumn } from '../kernels/identity/own-time-zones';
import { notify } from '../kernels/notices/notify';
import type { Mailer } from '../mail/mailer';
import { bookingLinkEmail } from '../mail/templates/booking-link';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findWorkingWeeks } from './availability';
import { requireOwnTimeZone } from './create-meeting-record';
import { findCalendarBusyTimes } from './find-calendar-busy-times';
import { findFreeSlots, groupSlotsByDay, isFreeSlot } from './free-slots';
import { lockMeetingPeople } from './lock-meeting-people';
import { loadMeetingView, meetingEndsAt } from './meeting-views';
import { rescheduleMeeting } from './reschedule-meeting';

const DAY_MS = 86_400_000;
const COLLEAGUES_MAX = 50;

const rules = (durationMinutes: number) => ({
  durationMinutes,
  bufferMinutes: BOOKING_BUFFER_MINUTES,
  noticeMinutes: BOOKING_NOTICE_MINUTES,
  horizonDays: BOOKING_HORIZON_DAYS,
  stepMinutes: BOOKING_STEP_MINUTES,
});

export const bookingHref = (linkId: string) => paths.applicantBooking.getHref({ id: linkId });

interface Host {
  userId: string;
  name: string;
  timeZone: string | null;
}

async function findHosts(db: Database, userIds: string[]): Promise<Host[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, timeZone: ownTimeZoneColumn })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(inArray(users.id, userIds));
  // The organizer first, then the colleagues in the order they were added.
  return userIds.flatMap((id) => {
    const row = rows.find((candidate) => candidate.userId === id);
    return row ? [{ ...row, timeZone: knownTimeZone(row.timeZone) }] : [];
  });
}

// The times every host is free: their weeks in their own zones, less the Tandem meetings they and the
// applicant hold (one being moved aside) and the busy times of their own connected calendars (decision 059,
// as last read: `jobs` queues a refresh of any read too long ago, outside a transaction only), from now on.
export async function findHostSlots({
  db,
  jobs,
  hostIds,
  inviteeId,
  durationMinutes,
  exceptMeetingId,
  now,
}: {
  db: Database;
  jobs?: Pick<JobQueue, 'send'>;
  hostIds: string[];
  inviteeId: string;
  durationMinutes: number;
  exceptMeetingId?: string | null;
  now: Date;
}): Promise<Date[]> {
  const hosts = await findHosts(db, hostIds);
  for (const host of hosts) {
    if (!host.timeZone) throw new AppError('conflict', bookingTexts.colleagueNoTimeZone(host.name));
  }
  const horizon = new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 1) * DAY_MS);
  const [weeks, busy, calendarBusy] = await Promise.all([
    findWorkingWeeks({ db, userIds: hostIds }),
    db
      .select({ userId: meetingParticipants.userId, startsAt: meetings.startsAt, endsAt: meetingEndsAt })
      .from(meetings)
      .innerJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
      .where(
        and(
          inArray(meetingParticipants.userId, [...hostIds, inviteeId]),
          eq(meetings.status, 'scheduled'),
          ne(meetingParticipants.response, 'declined'),
          lt(meetings.startsAt, horizon),
          gt(meetingEndsAt, new Date(now.getTime() - DAY_MS)),
          exceptMeetingId ? ne(meetings.id, exceptMeetingId) : undefined,
        ),
      ),
    findCalendarBusyTimes({
      db,
      jobs,
      userIds: [...hostIds, inviteeId],
      from: new Date(now.getTime() - DAY_MS),
      to: horizon,
      now,
    }),
  ]);
  const busyOf = (userId: string) => [
    ...busy
      .filter((meeting) => meeting.userId === userId)
      .map((meeting) => ({ startsAt: meeting.startsAt, endsAt: new Date(meeting.endsAt) })),
    ...(calendarBusy.get(userId) ?? []),
  ];
  return findFreeSlots({
    hosts: hosts.map((host) => {
      const week = weeks.get(host.userId);
      return {
        timeZone: host.timeZone as string,
        weekly: week?.weekly ?? [],
        daysOff: week?.daysOff ?? [],
        busy: busyOf(host.userId),
      };
    }),
    inviteeBusy: busyOf(inviteeId),
    now,
    rules: rules(durationMinutes),
  });
}

// Those who may host: the roles that hold meetings ('create:meeting:own').
const rolesHoldingMeetings = companyRolesWith('create:meeting:own');

// GET /api/meetings/colleagues: the other members of the sender's company, by name.
export async function findColleagues({
  db,
  companyId,
  userId,
}: {
  db: Database;
  companyId: string;
  userId: string;
}): Promise<ColleagueList> {
  const rows = await db
    .select({ user_id: users.id, name: users.name, time_zone: users.timeZone })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.role, rolesHoldingMeetings),
        ne(users.id, userId),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(COLLEAGUES_MAX);
  return { items: rows.map((row) => ({ ...row, time_zone: knownTimeZone(row.time_zone) })) };
}

// POST /api/booking-links: checks the application is the company's and still going, that every host
// has a zone and that some time is free, then stores the link and tells the applicant (notification
// and email, in the same transaction).
export async function createBookingLink({
  db,
  mailer,
  publicUrl,
  companyId,
  organizerId,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  companyId: string;
  organizerId: string;
  input: Omit<CreateBookingLinkInput, 'colleague_ids'> & { colleague_ids: string[] };
  ipAddress?: string;
  now?: Date;
}) {
  const colleagueIds = [...new Set(input.colleague_ids)].filter((id) => id !== organizerId);
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        applicantId: applications.applicantId,
        jobTitle: jobsTable.title,
        companyName: companies.name,
      })
      .from(applications)
      .innerJoin(jobsTable, eq(jobsTable.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobsTable.companyId))
      .where(and(eq(applications.id, input.application_id), eq(jobsTable.companyId, companyId)));
    if (!application) throw new AppError('not_found', 'This application does not exist.');
    if (application.status === 'rejected' || application.status === 'withdrawn') {
      throw new AppError('conflict', meetingTexts.applicationEnded);
    }
    await requireOwnTimeZone(tx, organizerId);
    if (colleagueIds.length > 0) {
      const members = await tx
        .select({ userId: companyMembers.userId, role: companyMembers.role })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.userId, colleagueIds)));
      if (members.length !== colleagueIds.length) {
        throw new AppError('validation', bookingTexts.colleague, { colleague_ids: bookingTexts.colleague });
      }
      // A Viewer or Billing member cannot hold the meeting the link makes (decision 032).
      if (members.some((member) => !rolesHoldingMeetings.includes(member.role))) {
        throw new AppError('validation', bookingTexts.colleagueCannotMeet, {
          colleague_ids: bookingTexts.colleagueCannotMeet,
        });
      }
    }
    const hostIds = [organizerId, ...colleagueIds];
    const slots = await findHostSlots({
      db: tx,
      hostIds,
      inviteeId: application.applicantId,
      durationMinutes: input.duration_minutes,
      now,
    });
    if (slots.length === 0) throw new AppError('conflict', bookingTexts.noFreeTimes);
    const expiresAt = new Date(now.getTime() + BOOKING_LINK_DAYS * DAY_MS);
    const [link] = await tx
      .insert(bookingLinks)
      .values({
        companyId,
        organizerId,
        inviteeId: application.applicantId,
        applicationId: application.id,
        type: input.type,
        title: input.title || `${meetingTypeLabels[input.type]}: ${application.jobTitle}`,
        notes: input.notes ?? null,
        callLink: input.call_link ?? null,
        durationMinutes: input.duration_minutes,
        bufferMinutes: BOOKING_BUFFER_MINUTES,
        noticeMinutes: BOOKING_NOTICE_MINUTES,
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!link) throw new Error('The booking link was not stored.');
    if (colleagueIds.length > 0) {
      await tx.insert(bookingLinkHosts).values(colleagueIds.map((userId) => ({ linkId: link.id, userId })));
    }
    const hosts = await findHosts(tx, hostIds);
    const [invitee] = await tx
      .select({ name: users.name, email: users.email, timeZone: ownTimeZoneColumn })
      .from(users)
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.id, application.applicantId));
    const href = bookingHref(link.id);
    await notify({
      db: tx,
      items: [
        {
          userId: application.applicantId,
          type: 'meeting_invited',
          title: `${application.companyName} asks you to book a time`,
          body: `${link.title} · ${input.duration_minutes} minutes. Pick a time that suits you within the next two weeks.`,
          link: href,
        },
      ],
    });
    if (invitee) {
      await mailer.send(
        invitee.email,
        bookingLinkEmail({
          name: invitee.name,
          companyName: application.companyName,
          hosts: hosts.map((host) => host.name),
          title: link.title ?? '',
          durationMinutes: input.duration_minutes,
          expiresAt: meetingTimeFor(expiresAt, knownTimeZone(invitee.timeZone)),
          bookingUrl: `${publicUrl}${href}`,
        }),
        { transaction: tx },
      );
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: organizerId,
        action: 'booking_link.created',
        targetType: 'booking_link',
        targetId: link.id,
        details: {
          application_id: application.id,
          colleague_ids: colleagueIds,
          duration_minutes: input.duration_minutes,
        },
        ipAddress,
      },
    });
    return { id: link.id, expires_at: expiresAt.toISOString(), slot_count: slots.length };
  });
}

type LinkRow = typeof bookingLinks.$inferSelect;

// The link sent to this applicant, or a 404: anyone else's does not exist for them. `lock` holds its row
// until the transaction ends, so the same link is booked once.
export async function findOwnLink(
  db: Database,
  { linkId, userId, lock = false }: { linkId: string; userId: string; lock?: boolean },
) {
  const query = db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.id, linkId), eq(bookingLinks.inviteeId, userId)));
  const [link] = lock ? await query.for('update') : await query;
  if (!link) throw new AppError('not_found', bookingTexts.notFound);
  const colleagues = await db
    .select({ userId: bookingLinkHosts.userId })
    .from(bookingLinkHosts)
    .where(eq(bookingLinkHosts.linkId, linkId));
  return { link, hostIds: [link.organizerId, ...colleagues.map((row) => row.userId)] };
}

function linkStatus(link: LinkRow, meeting: Meeting | null, now: Date): BookingLink['status'] {
  if (link.usedAt) return meeting?.status === 'cancelled' || !meeting ? 'cancelled' : 'booked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

// GET /api/booking-links/:id: the link, its free times by day in the applicant's own zone (while it is
// open, or its meeting may still move), and the meeting once booked.
export async function getBookingLink({
  db,
  jobs,
  linkId,
  userId,
  now = new Date(),
}: {
  db: Database;
  // Queues a refresh of a calendar read too long ago (the page shows the cached busy times meanwhile).
  jobs?: Pick<JobQueue, 'send'>;
  linkId: string;
  userId: string;
  now?: Date;
}): Promise<BookingLink> {
  const { link, hostIds } = await findOwnLink(db, { linkId, userId });
  const meeting = link.meetingId ? await loadMeetingView({ db, viewerId: userId, id: link.meetingId }) : null;
  const status = linkStatus(link, meeting, now);
  const [hosts, [company], [viewer]] = await Promise.all([
    findHosts(db, hostIds),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, link.companyId)),
    db
      .select({ timeZone: ownTimeZoneColumn })
      .from(users)
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(eq(users.id, userId)),
  ]);
  const timeZone = knownTimeZone(viewer?.timeZone);
  const isMovable = status === 'booked' && meeting !== null && Date.parse(meeting.starts_at) > now.getTime();
  const slots =
    status === 'open' || isMovable
      ? await findHostSlots({
          db,
          jobs,
          hostIds,
          inviteeId: link.inviteeId,
          durationMinutes: link.durationMinutes,
          exceptMeetingId: link.meetingId,
          now,
        }).catch((error) => {
          // A host who cleared their zone since: nothing can be offered, which the page says.
          if (error instanceof AppError && error.code === 'conflict') return [];
          throw error;
        })
      : [];
  return {
    id: link.id,
    status,
    company_name: company?.name ?? '',
    hosts: hosts.map((host) => host.name),
    type: link.type,
    title: link.title ?? '',
    duration_minutes: link.durationMinutes,
    expires_at: link.expiresAt.toISOString(),
    time_zone: timeZone,
    days: groupSlotsByDay(slots, timeZone ?? 'UTC'),
    meeting,
  };
}

// What booking a time and moving a booking are asked with.
export interface SlotRequest {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  linkId: string;
  userId: string;
  startsAt: Date;
  ipAddress?: string;
  now?: Date;
}

// POST /api/booking-links/:id/reschedule: the applicant moves the meeting they booked to another free
// time, under the same lock, through the reschedule every participant uses.
export async function rescheduleBooking({
  db,
  jobs,
  mailer,
  publicUrl,
  linkId,
  userId,
  startsAt,
  ipAddress,
  now = new Date(),
}: SlotRequest) {
  return db.transaction(async (tx) => {
    const { link, hostIds } = await findOwnLink(tx, { linkId, userId, lock: true });
    if (!link.meetingId) {
      throw new AppError(
        'conflict',
        link.usedAt ? bookingTexts.cancelled : 'Book a time first: nothing is booked yet.',
      );
    }
    await lockMeetingPeople(tx, [...hostIds, link.inviteeId]);
    const slots = await findHostSlots({
      db: tx,
      hostIds,
      inviteeId: link.inviteeId,
      durationMinutes: link.durationMinutes,
      exceptMeetingId: link.meetingId,
      now,
    });
    if (!isFreeSlot(slots, startsAt)) {
      throw new AppError('conflict', bookingTexts.slotTaken, { starts_at: bookingTexts.slotTaken });
    }
    return rescheduleMeeting({
      db: tx,
      jobs,
      mailer,
      publicUrl,
      meetingId: link.meetingId,
      userId,
      startsAt,
      reason: 'Moved to another free time from the booking link.',
      ipAddress,
      now,
    });
  });
}
