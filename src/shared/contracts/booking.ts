import { availabilityResponseSchema, availabilitySchema } from '../availability';
import {
  bookingLinkCreatedSchema,
  bookingLinkSchema,
  bookSlotSchema,
  colleagueListSchema,
  createBookingLinkSchema,
} from '../booking';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { meetingSchema } from '../meetings';

const linkParams = idParams('booking link');

// Booking from availability (docs/decisions/031): each company person's and account manager's working
// week, and the links that let an applicant book a time when the organizer and their colleagues are free.
export const bookingContract = defineContract(
  { name: 'booking', tags: ['meetings'] },
  {
    availability: {
      method: 'GET',
      path: '/api/account/availability',
      summary: 'Your weekly working hours and days off, in your own time zone (the default week until you save yours)',
      responses: { 200: availabilityResponseSchema },
    },
    updateAvailability: {
      method: 'PUT',
      path: '/api/account/availability',
      summary: 'Set your weekly working hours and days off: booking links offer only times inside them',
      body: availabilitySchema,
      responses: { 200: availabilityResponseSchema },
    },
    colleagues: {
      method: 'GET',
      path: '/api/meetings/colleagues',
      summary: 'The other members of your company, to add to a booking link as hosts (at most 50, by name)',
      responses: { 200: colleagueListSchema },
    },
    createLink: {
      method: 'POST',
      path: '/api/booking-links',
      summary:
        'Send an applicant in your pipeline a link to book a time when you and the colleagues you add are free (409 when there is none)',
      body: createBookingLinkSchema,
      responses: { 201: bookingLinkCreatedSchema },
    },
    getLink: {
      method: 'GET',
      path: '/api/booking-links/:id',
      summary: 'A booking link sent to you, with its free times by day in your own time zone',
      params: linkParams,
      responses: { 200: bookingLinkSchema },
    },
    book: {
      method: 'POST',
      path: '/api/booking-links/:id/book',
      summary: 'Book one of the link’s free times (409 when it was just taken, or the link is used or expired)',
      params: linkParams,
      body: bookSlotSchema,
      responses: { 201: meetingSchema },
    },
    reschedule: {
      method: 'POST',
      path: '/api/booking-links/:id/reschedule',
      summary: 'Move the meeting you booked to another of the link’s free times',
      params: linkParams,
      body: bookSlotSchema,
      responses: { 200: meetingSchema },
    },
  },
);
