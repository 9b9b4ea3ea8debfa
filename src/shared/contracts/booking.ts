import { availabilityResponseSchema, availabilitySchema } from '../availability';
import { defineContract } from '../contract';

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
  },
);
