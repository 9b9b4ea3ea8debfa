import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeeklyHours } from '~/shared/availability';
import { bookingTexts, type CreateBookingLinkInput } from '~/shared/booking';
import { bookingContract } from '~/shared/contracts/booking';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import { applications, bookingLinks, companyMembers, emailOutbox, notifications } from '../db/schema';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { BOOKING_LINKS_PER_APPLICANT_DAY } from './booking-routes';
import { scheduleMeeting } from './schedule-meeting';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Booking links: the company sends an applicant the times when the organizer and a colleague are free
// (and the applicant holds no meeting); the applicant books one (once), moves it or cancels it; two
// bookings of one host's time at once, or a booking and a meeting placed by hand, make one clear refusal.
describe('booking links', () => {
  let testApp: TestApp;
  let organizer: Account;
  let colleague: Account;
  let outsider: Account;
  let applicant: Account;
  let otherApplicant: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://tandem.example' } });
    organizer = await signedInAccount(testApp, {
      role: 'company',
      name: 'Rita Recruiter',
      timeZone: 'America/New_York',
    });
    colleague = await signedInAccount(testApp, { role: 'company', name: 'Lee Lead', timeZone: 'Europe/London' });
    outsider = await signedInAccount(testApp, { role: 'company', timeZone: 'Europe/Berlin' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos', timeZone: 'Asia/Manila' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ken Ito', timeZone: 'Asia/Tokyo' });
    companyId = (await organizer.call(companiesContract.profile)).body.id;
    // The colleague joins the organizer's company.
    await testApp.database.db
      .update(companyMembers)
      .set({ companyId })
      .where(eq(companyMembers.userId, colleague.user.id));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newApplication = async (applicantId = applicant.user.id) => {
    const job = await buildJob(db(), { companyId, title: 'Support Engineer' });
    return buildApplication(db(), { jobId: job.id, status: 'submitted', applicantId });
  };
  const sendLink = async (applicantId = applicant.user.id, overrides: Partial<CreateBookingLinkInput> = {}) => {
    const application = await newApplication(applicantId);
    const response = await organizer.call(bookingContract.createLink, {
      body: {
        application_id: application.id,
        type: 'interview',
        duration_minutes: 30,
        colleague_ids: [colleague.user.id],
        ...overrides,
      },
    });
    return { application, response };
  };
  const readLink = (account: Account, id: string) => account.call(bookingContract.getLink, { params: { id } });
  const book = (account: Account, id: string, startsAt: string, action: 'book' | 'reschedule' = 'book') =>
    action === 'book'
      ? account.call(bookingContract.book, { params: { id }, body: { starts_at: startsAt } })
      : account.call(bookingContract.reschedule, { params: { id }, body: { starts_at: startsAt } });

  it('lists the organizer’s colleagues, and sends the applicant the link by notification and email', async () => {
    const colleagues = await organizer.call(bookingContract.colleagues);
    expect(colleagues.body.items).toEqual([
      { user_id: colleague.user.id, name: 'Lee Lead', time_zone: 'Europe/London' },
    ]);

    const { response } = await sendLink();
    expect(response.statusCode, response.error?.error).toBe(201);
    const created = response.body;
    expect(created.slot_count).toBeGreaterThan(0);
    expect(Date.parse(created.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, applicant.user.id), eq(notifications.link, `/applicant/book/${created.id}`)));
    expect(notice?.title).toContain('asks you to book a time');
    const [email] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
    expect(email?.text).toContain(`https://tandem.example/applicant/book/${created.id}`);
    expect(email?.text).toContain('Rita Recruiter, Lee Lead');

    // The applicant reads the free times by day in Manila; nobody else reads the link at all.
    const link = (await readLink(applicant, created.id)).body;
    expect(link).toMatchObject({ status: 'open', time_zone: 'Asia/Manila', hosts: ['Rita Recruiter', 'Lee Lead'] });
    expect(link.title).toBe('Interview: Support Engineer');
    const slots = link.days.flatMap((day) => day.slots);
    expect(slots.length).toBe(created.slot_count);
    // Every time offered is at least 12 hours ahead and within New York's and London's shared hours.
    for (const slot of slots) expect(Date.parse(slot.starts_at) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect((await readLink(otherApplicant, created.id)).error).toMatchObject({ error: bookingTexts.notFound });
    expect((await readLink(otherApplicant, created.id)).statusCode).toBe(404);
  });

  it('books a time once: the meeting has the hosts and the applicant, emails with the invitation, and the link is used', async () => {
    const { application, response } = await sendLink();
    const linkId = response.body.id;
    const first = (await readLink(applicant, linkId)).body.days[0]?.slots[0]?.starts_at as string;
    const booked = await book(applicant, linkId, first);
    expect(booked.statusCode, booked.error?.error).toBe(201);
    const meeting = booked.body;
    expect(meeting.starts_at).toBe(new Date(first).toISOString());
    expect(meeting.participants.map((person) => [person.name, person.response, person.is_organizer])).toEqual([
      ['Lee Lead', 'pending', false],
      ['Maria Santos', 'accepted', false],
      ['Rita Recruiter', 'accepted', true],
    ]);
    // The interview moved the application on, as scheduling does.
    const [moved] = await db().select().from(applications).where(eq(applications.id, application.id));
    expect(moved?.status).toBe('interviewing');
    // Everyone gets the invitation with its calendar, the applicant a confirmation.
    const emails = await db().select().from(emailOutbox);
    const confirmation = emails.find((email) => email.subject === 'You booked Interview: Support Engineer');
    expect(confirmation?.toAddress).toBe(applicant.user.email);
    expect(confirmation?.calendar).toContain('METHOD:REQUEST');
    expect(emails.filter((email) => email.subject === 'Maria Santos booked Interview: Support Engineer')).toHaveLength(
      2,
    );

    const after = (await readLink(applicant, linkId)).body;
    expect(after.status).toBe('booked');
    expect(after.meeting?.id).toBe(meeting.id);
    const again = await book(applicant, linkId, after.days[0]?.slots[0]?.starts_at as string);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(bookingTexts.used);
  });

  it('gives one of two bookings at once of overlapping times the meeting, and the other a 409 that says why', async () => {
    const [mine, theirs] = await Promise.all([sendLink(), sendLink(otherApplicant.user.id)]);
    const mineId = mine.response.body.id;
    const theirsId = theirs.response.body.id;
    const slots = (await readLink(applicant, mineId)).body.days.flatMap((day) => day.slots);
    // Two 30-minute slots half an hour apart overlap once the 15-minute buffer is counted.
    const index = slots.findIndex(
      (slot, at) => Date.parse(slots[at + 1]?.starts_at ?? '') - Date.parse(slot.starts_at) === 30 * 60_000,
    );
    const [first, second] = [slots[index]?.starts_at as string, slots[index + 1]?.starts_at as string];
    expect(index).toBeGreaterThanOrEqual(0);
    const answers = await Promise.all([book(applicant, mineId, first), book(otherApplicant, theirsId, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.error?.error).toBe(bookingTexts.slotTaken);
    // The slot taken is gone from the link that lost too (the winner's own link offers it as a move).
    const [loser, loserLinkId] = answers[0]?.statusCode === 409 ? [applicant, mineId] : [otherApplicant, theirsId];
    const offered = (await readLink(loser, loserLinkId)).body.days.flatMap((day) => day.slots);
    expect(offered.map((slot) => slot.starts_at)).not.toContain(first);
    expect(offered.map((slot) => slot.starts_at)).not.toContain(second);
  });

  it('moves the booking to another free time, refuses a taken one, and shows a cancelled booking as such', async () => {
    const { response } = await sendLink();
    const linkId = response.body.id;
    const slots = (await readLink(applicant, linkId)).body.days.flatMap((day) => day.slots);
    const meeting = (await book(applicant, linkId, slots[0]?.starts_at as string)).body;
    const later = slots.at(-1)?.starts_at as string;
    const moved = await book(applicant, linkId, later, 'reschedule');
    expect(moved.statusCode, moved.error?.error).toBe(200);
    expect(moved.body.starts_at).toBe(new Date(later).toISOString());
    expect(moved.body.sequence).toBe(1);
    // A time that is not free (an hour on a Sunday night, say) is refused.
    const taken = await book(applicant, linkId, '2020-01-05T03:00:00Z', 'reschedule');
    expect(taken.statusCode).toBe(409);
    expect(taken.error?.error).toBe(bookingTexts.slotTaken);

    const cancelled = await applicant.call(meetingsContract.cancel, {
      params: { id: meeting.id },
      body: { reason: 'I took another job.' },
    });
    expect(cancelled.statusCode, cancelled.error?.error).toBe(200);
    const after = (await readLink(applicant, linkId)).body;
    expect(after).toMatchObject({ status: 'cancelled', days: [] });
  });

  it('leaves out the times the applicant already has a Tandem meeting, with the buffer, and refuses to book them', async () => {
    const { response } = await sendLink();
    const linkId = response.body.id;
    const before = (await readLink(applicant, linkId)).body.days.flatMap((day) => day.slots);
    // A slot with free slots half an hour either side of it.
    const index = before.findIndex(
      (slot, at) =>
        at > 0 &&
        Date.parse(slot.starts_at) - Date.parse(before[at - 1]?.starts_at ?? '') === 30 * 60_000 &&
        Date.parse(before[at + 1]?.starts_at ?? '') - Date.parse(slot.starts_at) === 30 * 60_000,
    );
    expect(index).toBeGreaterThan(0);
    const [earlier, taken, later] = before.slice(index - 1, index + 2).map((slot) => slot.starts_at);
    // Another company interviews the applicant at that time.
    const elsewhere = (await outsider.call(companiesContract.profile)).body.id;
    const job = await buildJob(db(), { companyId: elsewhere, title: 'Analyst' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      status: 'submitted',
      applicantId: applicant.user.id,
    });
    const scheduled = await outsider.call(meetingsContract.schedule, {
      body: { application_id: application.id, type: 'interview', starts_at: taken as string, duration_minutes: 30 },
    });
    expect(scheduled.statusCode, scheduled.error?.error).toBe(201);

    const after = (await readLink(applicant, linkId)).body.days.flatMap((day) => day.slots);
    const offered = after.map((slot) => slot.starts_at);
    // The 30-minute slots just before and after touch it once the 15-minute buffer is counted.
    for (const slot of [earlier, taken, later]) expect(offered).not.toContain(slot);
    expect(offered.length).toBe(before.length - 3);
    const refused = await book(applicant, linkId, taken as string);
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(bookingTexts.slotTaken);
  });

  it('makes a booking wait for a meeting being placed by hand for a host, then refuses the time it took', async () => {
    const { response } = await sendLink();
    const linkId = response.body.id;
    const slot = (await readLink(applicant, linkId)).body.days[0]?.slots[0]?.starts_at as string;
    const handApplication = await newApplication(otherApplicant.user.id);
    const { jobs, mailer } = testApp.app.appContext;
    // The applicant's request is another person's, begun outside the organizer's transaction (as the
    // server's requests are), once the meeting is placed in it.
    let startBooking: () => void = () => undefined;
    const booking = new Promise<void>((resolve) => {
      startBooking = resolve;
    }).then(() => applicant.call(bookingContract.book, { params: { id: linkId }, body: { starts_at: slot } }));
    let isSettledEarly = false;
    void booking.then(() => {
      isSettledEarly = true;
    });
    // The organizer's meeting by hand at that time, held uncommitted while the applicant books it.
    await db().transaction(async (tx) => {
      await scheduleMeeting({
        db: tx,
        jobs,
        mailer,
        publicUrl: 'https://tandem.example',
        companyId,
        organizerId: organizer.user.id,
        input: { application_id: handApplication.id, type: 'interview', starts_at: slot, duration_minutes: 30 },
      });
      startBooking();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(isSettledEarly).toBe(false);
    });
    const answer = await booking;
    expect(answer.statusCode).toBe(409);
    expect(answer.error?.error).toBe(bookingTexts.slotTaken);
    // By hand a person may still put a meeting over one of theirs.
    const overlapping = await organizer.call(meetingsContract.schedule, {
      body: {
        application_id: (await newApplication(otherApplicant.user.id)).id,
        type: 'interview',
        starts_at: slot,
        duration_minutes: 30,
      },
    });
    expect(overlapping.statusCode, overlapping.error?.error).toBe(201);
  });

  it('refuses an expired link, colleagues from elsewhere, and a week with no free time', async () => {
    const { response } = await sendLink();
    const linkId = response.body.id;
    const slot = (await readLink(applicant, linkId)).body.days[0]?.slots[0]?.starts_at as string;
    await db()
      .update(bookingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingLinks.id, linkId));
    expect((await readLink(applicant, linkId)).body.status).toBe('expired');
    const late = await book(applicant, linkId, slot);
    expect(late.statusCode).toBe(409);
    expect(late.error?.error).toBe(bookingTexts.expired);

    const stranger = await sendLink(applicant.user.id, { colleague_ids: [outsider.user.id] });
    expect(stranger.response.statusCode).toBe(400);
    expect(stranger.response.error?.fields).toEqual({ colleague_ids: bookingTexts.colleague });

    // The colleague is away every day: nothing is free.
    const saved = await colleague.call(bookingContract.updateAvailability, {
      body: { weekly: defaultWeeklyHours.map((day) => ({ ...day, is_working: false })), days_off: [] },
    });
    expect(saved.statusCode).toBe(200);
    const none = await sendLink();
    expect(none.response.statusCode).toBe(409);
    expect(none.response.error?.error).toBe(bookingTexts.noFreeTimes);
  });

  // A Billing member or a Viewer cannot hold meetings (decision 032, issue 51): a link made them hosts anyway.
  it('offers and accepts as hosts only colleagues who hold meetings: not Billing, not a Viewer', async () => {
    const hostOf = (role: 'billing' | 'viewer' | 'hiring_manager') =>
      signedInAccount(testApp, {
        role: 'company',
        name: `Host ${role}`,
        timeZone: 'Europe/London',
        company: { id: companyId, role },
      });
    const billing = await hostOf('billing');
    const viewer = await hostOf('viewer');
    const hiringManager = await hostOf('hiring_manager');
    const listed = (await organizer.call(bookingContract.colleagues)).body;
    const listedIds = listed.items.map((item) => item.user_id);
    expect(listedIds).toContain(hiringManager.user.id);
    expect(listedIds).not.toContain(billing.user.id);
    expect(listedIds).not.toContain(viewer.user.id);
    for (const host of [billing, viewer]) {
      const { response } = await sendLink(applicant.user.id, { colleague_ids: [host.user.id] });
      expect(response.statusCode, response.error?.error).toBe(400);
      expect(response.error?.fields).toEqual({ colleague_ids: bookingTexts.colleagueCannotMeet });
    }
    const { response } = await sendLink(applicant.user.id, { colleague_ids: [hiringManager.user.id] });
    expect(response.statusCode, response.error?.error).toBe(201);
  });

  // 15 links to one applicant once meant 15 emails to them.
  it('limits the links one application may be sent in a day, with a sentence', async () => {
    const application = await newApplication(otherApplicant.user.id);
    const send = () =>
      organizer.call(bookingContract.createLink, {
        body: { application_id: application.id, type: 'interview', duration_minutes: 30, colleague_ids: [] },
      });
    for (let sent = 0; sent < BOOKING_LINKS_PER_APPLICANT_DAY; sent++) {
      const response = await send();
      expect(response.statusCode, response.error?.error).toBe(201);
    }
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.error?.error).toMatch(/^This applicant has been sent many booking links today\. /);
  });
});
