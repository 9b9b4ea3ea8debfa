import type { FastifyInstance } from 'fastify';
import { bookingContract } from '~/shared/contracts/booking';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { findAvailability, saveAvailability } from './availability';
import { bookSlot } from './book-slot';
import { createBookingLink, findColleagues, getBookingLink, rescheduleBooking } from './booking-links';
import { loadMeetingView } from './meeting-views';
import { publishMeetingChange } from './publish-meeting-change';

export const BOOKING_LINKS_PER_COMPANY_HOUR = 60;
export const BOOKING_LINKS_PER_APPLICANT_DAY = 5;

// Booking from availability (docs/decisions/031): working hours, and booking links.
// The endpoints are declared in shared/contracts/booking.ts.
export async function bookingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, jobs, mailer, live, config } = context;
  const { publicUrl } = config;

  registerEndpoint(
    app,
    bookingContract.availability,
    { config: { access: { permission: 'read:availability:own' } } },
    async (request) => findAvailability({ db, userId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    bookingContract.updateAvailability,
    { config: { access: { permission: 'update:availability:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      return saveAvailability({ db, userId: actorId, input: request.body, ipAddress });
    },
  );

  registerEndpoint(
    app,
    bookingContract.colleagues,
    { config: { access: { permission: 'create:meeting:own' } } },
    async (request) => {
      const { companyId, actorId } = companyActorOf(request);
      return findColleagues({ db, companyId, userId: actorId });
    },
  );

  // Each link emails its applicant: 15 links once meant 15 emails to one person. A company sends a link or two
  // per interview; these are far above that.
  const linksByCompany = createLimiter(app, {
    name: 'booking-link:company',
    max: BOOKING_LINKS_PER_COMPANY_HOUR,
    windowMinutes: 60,
    key: (request) => companyActorOf(request).companyId,
    message: 'Your company has sent many booking links in a short time',
  });
  const linksByApplication = createLimiter(app, {
    name: 'booking-link:application',
    max: BOOKING_LINKS_PER_APPLICANT_DAY,
    windowMinutes: 24 * 60,
    key: (request) => String((request.body as { application_id?: unknown } | undefined)?.application_id ?? ''),
    message: 'This applicant has been sent many booking links today',
  });
  registerEndpoint(
    app,
    bookingContract.createLink,
    {
      preHandler: async (request) => {
        await linksByCompany.hit(request);
        await linksByApplication.hit(request);
      },
      config: { access: { permission: 'create:meeting:own' } },
    },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const created = await createBookingLink({
        db,
        mailer,
        publicUrl,
        companyId,
        organizerId: actorId,
        input: request.body,
        ipAddress,
      });
      return reply.code(201).send(created);
    },
  );

  registerEndpoint(
    app,
    bookingContract.getLink,
    { config: { access: { permission: 'read:booking_link:own' } } },
    async (request) => getBookingLink({ db, jobs, linkId: request.params.id, userId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    bookingContract.book,
    { config: { access: { permission: 'update:booking_link:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const created = await bookSlot({
        db,
        jobs,
        mailer,
        publicUrl,
        linkId: request.params.id,
        userId: actorId,
        startsAt: new Date(request.body.starts_at),
        ipAddress,
      });
      await publishMeetingChange({
        live,
        logger: request.log,
        meetingId: created.meeting.id,
        participantIds: created.participants.map((participant) => participant.userId),
      });
      return reply.code(201).send(await loadMeetingView({ db, viewerId: actorId, id: created.meeting.id }));
    },
  );

  registerEndpoint(
    app,
    bookingContract.reschedule,
    { config: { access: { permission: 'update:booking_link:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await rescheduleBooking({
        db,
        jobs,
        mailer,
        publicUrl,
        linkId: request.params.id,
        userId: actorId,
        startsAt: new Date(request.body.starts_at),
        ipAddress,
      });
      await publishMeetingChange({
        live,
        logger: request.log,
        meetingId: change.meeting.id,
        participantIds: change.participantIds,
      });
      return loadMeetingView({ db, viewerId: actorId, id: change.meeting.id });
    },
  );
}
