import { eq } from 'drizzle-orm';
import { bookingTexts } from '~/shared/booking';
import { bookingLinks } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findHostSlots, findOwnLink, type SlotRequest } from './booking-links';
import { isFreeSlot } from './free-slots';
import { lockMeetingPeople } from './lock-meeting-people';
import { scheduleMeeting } from './schedule-meeting';

// POST /api/booking-links/:id/book: one booking per link, one booking per host's time. The meeting is
// made by scheduleMeeting, as the schedule endpoint makes it: the same emails with the invitation,
// notifications, reminders and, for an interview, the application moved to Interviewing.
export async function bookSlot({
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
    if (link.usedAt) throw new AppError('conflict', bookingTexts.used);
    if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('conflict', bookingTexts.expired);
    await lockMeetingPeople(tx, [...hostIds, link.inviteeId]);
    const slots = await findHostSlots({
      db: tx,
      hostIds,
      inviteeId: link.inviteeId,
      durationMinutes: link.durationMinutes,
      now,
    });
    if (!isFreeSlot(slots, startsAt)) {
      throw new AppError('conflict', bookingTexts.slotTaken, { starts_at: bookingTexts.slotTaken });
    }
    const created = await scheduleMeeting({
      db: tx,
      jobs,
      mailer,
      publicUrl,
      companyId: link.companyId,
      organizerId: link.organizerId,
      input: {
        application_id: link.applicationId,
        type: link.type,
        starts_at: startsAt.toISOString(),
        duration_minutes: link.durationMinutes,
        title: link.title ?? undefined,
        notes: link.notes ?? undefined,
        call_link: link.callLink ?? undefined,
      },
      colleagueIds: hostIds.slice(1),
      bookedById: userId,
      ipAddress,
      now,
    });
    await tx
      .update(bookingLinks)
      .set({ usedAt: now, meetingId: created.meeting.id })
      .where(eq(bookingLinks.id, link.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: userId,
        action: 'booking_link.booked',
        targetType: 'booking_link',
        targetId: link.id,
        details: { meeting_id: created.meeting.id, starts_at: startsAt.toISOString() },
        ipAddress,
      },
    });
    return created;
  });
}
