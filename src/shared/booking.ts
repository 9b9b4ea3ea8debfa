import { z } from 'zod';
import { meetingSchema, meetingTexts, meetingTypes, scheduleMeetingSchema } from './meetings';

// Booking links (docs/decisions/031): a company person sends an applicant the times when they and the
// colleagues they add are all free; the applicant books one, and the meeting is made as if scheduled.

// Kept clear before and after each meeting a host holds.
export const BOOKING_BUFFER_MINUTES = 15;
// The earliest time offered is this far ahead, so nobody is booked for an hour from now.
export const BOOKING_NOTICE_MINUTES = 12 * 60;
// Times offered run this far ahead.
export const BOOKING_HORIZON_DAYS = 14;
// A link unused this long stops working.
export const BOOKING_LINK_DAYS = 7;
// Starts fall on the half hour.
export const BOOKING_STEP_MINUTES = 30;
export const BOOKING_COLLEAGUES_MAX = 5;

export const bookingTexts = {
  notFound: 'This booking link does not exist, or it was sent to someone else.',
  used: 'You have booked a time with this link already: it can be used once.',
  expired: 'This booking link has expired. Ask the company to send you a new one.',
  cancelled:
    'The meeting booked with this link was cancelled. Ask the company for a new link if you still want to meet.',
  slotTaken:
    'This time was just taken: someone else booked it, or you or a host now have another meeting then. Choose another time.',
  noFreeTimes:
    'No free times in the next two weeks. Change your availability or your colleagues’ meetings, or pick a time yourself.',
  noFreeTimesApplicant: 'No free times in the next two weeks. Write to the company to find another time.',
  colleague: 'Choose colleagues from your company.',
  colleagueCannotMeet: 'Choose colleagues who hold meetings: an Owner, an Admin or a Hiring Manager.',
  tooManyColleagues: `Add at most ${BOOKING_COLLEAGUES_MAX} colleagues.`,
  colleagueNoTimeZone: (name: string) => `${name} has not set a time zone: their hours cannot be read until they do.`,
  sent: 'Booking link sent',
  booked: 'Meeting booked',
  loadError: 'Failed to load this booking link. Please try again.',
} as const;

// POST /api/booking-links: what the meeting will be, and who must be free besides the sender.
export const createBookingLinkSchema = scheduleMeetingSchema.omit({ starts_at: true }).extend({
  colleague_ids: z
    .array(z.uuid({ message: bookingTexts.colleague }))
    .max(BOOKING_COLLEAGUES_MAX, { message: bookingTexts.tooManyColleagues })
    .default([]),
});
export type CreateBookingLinkInput = z.input<typeof createBookingLinkSchema>;

export const bookingLinkCreatedSchema = z.object({
  id: z.string(),
  expires_at: z.string(),
  // How many times the link offers right now.
  slot_count: z.number(),
});

// POST /api/booking-links/:id/book and …/reschedule.
export const bookSlotSchema = z.object({
  starts_at: z.iso.datetime({ offset: true, message: meetingTexts.startsAt }),
});

const slotDaySchema = z.object({
  // YYYY-MM-DD in the invitee's own zone.
  day: z.string(),
  label: z.string(),
  slots: z.array(z.object({ starts_at: z.string(), label: z.string() })),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

// GET /api/booking-links/:id: the link as its applicant sees it.
export const bookingLinkSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'booked', 'expired', 'cancelled']),
  company_name: z.string(),
  hosts: z.array(z.string()),
  type: z.enum(meetingTypes),
  title: z.string(),
  duration_minutes: z.number(),
  expires_at: z.string(),
  // The zone the days and times are written in: the applicant's own, null while they have none (UTC then).
  time_zone: z.string().nullable(),
  // The free times, by day: empty unless the link is open or its meeting may still be moved.
  days: z.array(slotDaySchema),
  meeting: meetingSchema.nullable(),
});
export type BookingLink = z.infer<typeof bookingLinkSchema>;

// GET /api/meetings/colleagues: the sender's fellow members, to add as hosts.
export const colleagueListSchema = z.object({
  items: z.array(z.object({ user_id: z.string(), name: z.string(), time_zone: z.string().nullable() })),
});
export type ColleagueList = z.infer<typeof colleagueListSchema>;
