import { and, asc, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import type { ScheduleMeetingInput } from '~/shared/meetings';
import { emailOutbox } from '../db/schema';
import { createOutboxSender } from '../mail/mailer';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { listen, startSmtpServer } from '../testing/smtp-test-server';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
const HOUR_MS = 3_600_000;
const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';
const quiet = { info: () => undefined, error: () => undefined };

// The scheme of a CAL-ADDRESS is case-insensitive ("MAILTO:" or "mailto:").
const withoutMailto = (value: unknown) => String(value).replace(/^mailto:/i, '');

// An iTIP message as a calendar app reads it: its method and its one event.
function readInvitation(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [vevent] = events as [ICAL.Component];
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    start: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (vevent.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time | null)?.toJSDate().toISOString(),
    location: vevent.getFirstPropertyValue('location'),
    url: vevent.getFirstPropertyValue('url'),
    organizer: withoutMailto(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent
      .getAllProperties('attendee')
      .map((property) => ({
        email: withoutMailto(property.getFirstValue()),
        partstat: property.getParameter('partstat'),
        rsvp: property.getParameter('rsvp'),
      }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  };
}

// The parts of a MIME message (RFC 2046) as sent: each part's unfolded headers and decoded body.
function mimePartsOf(raw: string): Array<{ headers: string; body: string }> {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((match) => match[1] ?? '');
  let pieces = [raw];
  for (const boundary of boundaries) pieces = pieces.flatMap((piece) => piece.split(`--${boundary}`));
  return pieces.flatMap((piece) => {
    const split = piece.indexOf('\r\n\r\n');
    if (split === -1) return [];
    const headers = piece.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const body = piece.slice(split + 4).replace(/\r\n$/, '');
    if (/content-transfer-encoding: base64/i.test(headers)) {
      return [{ headers, body: Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8') }];
    }
    if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
      const bytes = body
        .replace(/=\r\n/g, '')
        .split(/(=[0-9A-F]{2})/)
        .flatMap((chunk) =>
          /^=[0-9A-F]{2}$/.test(chunk) ? [Number.parseInt(chunk.slice(1), 16)] : [...Buffer.from(chunk, 'utf8')],
        );
      return [{ headers, body: Buffer.from(bytes).toString('utf8') }];
    }
    return [{ headers, body }];
  });
}

// Calendar invitations that update (RFC 5546 iTIP over email, RFC 6047): scheduling, moving and cancelling
// a meeting email everyone in it, each email carrying the meeting with METHOD:REQUEST or CANCEL, the UID
// of its .ics and feed, and a SEQUENCE that grows with each change, so an accepted event moves or leaves
// the reader's calendar.
describe('calendar invitations by email', () => {
  let testApp: TestApp;
  let company: Account;
  let applicant: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    company = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter', timeZone: 'America/New_York' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace', timeZone: 'Europe/London' });
    companyId = (await company.call(companiesContract.profile)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const host = new URL(PUBLIC_URL).hostname;
  const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
  // Whole minutes, as the dialog sends them.
  const at = (hours: number) => new Date(Math.floor(inHours(hours).getTime() / 60_000) * 60_000).toISOString();

  const scheduleInterview = async (body: Partial<ScheduleMeetingInput> = {}) => {
    const job = await buildJob(db(), { companyId, title: 'Support Engineer' });
    const application = await buildApplication(db(), { jobId: job.id, applicantId: applicant.user.id });
    const response = await company.call(meetingsContract.schedule, {
      body: { application_id: application.id, type: 'interview', starts_at: at(48), duration_minutes: 45, ...body },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    return response.body;
  };
  const reschedule = (account: Account, id: string, body: BodyOf<typeof meetingsContract.reschedule>) =>
    account.call(meetingsContract.reschedule, { params: { id }, body });
  const cancel = (account: Account, id: string, body: BodyOf<typeof meetingsContract.cancel>) =>
    account.call(meetingsContract.cancel, { params: { id }, body });
  // Everyone's emails about one meeting (its title is unique to it), oldest first.
  const emailsTo = (account: Account, title: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, account.user.email), like(emailOutbox.subject, `%${title}%`)))
      .orderBy(asc(emailOutbox.createdAt));
  const lastEmailTo = async (account: Account, title: string) => {
    const emails = await emailsTo(account, title);
    const last = emails.at(-1);
    if (!last) throw new Error(`No email to ${account.user.email} about ${title}`);
    return last;
  };
  const downloaded = async (account: Account, id: string) =>
    readInvitation((await account.call(meetingsContract.downloadCalendar, { params: { id } })).rawPayload.toString());

  it('schedules with REQUEST 0, moves with REQUEST 1 and cancels with CANCEL 2: one UID, in both people’s emails', async () => {
    const title = `Final round ${crypto.randomUUID().slice(0, 8)}`;
    const meeting = await scheduleInterview({ title, call_link: ZOOM });
    const uid = `${meeting.id}@${host}`;
    const everyone = [
      { email: applicant.user.email, partstat: 'NEEDS-ACTION', rsvp: 'FALSE' },
      { email: company.user.email, partstat: 'ACCEPTED', rsvp: 'FALSE' },
    ].sort((a, b) => a.email.localeCompare(b.email));

    // Scheduled: the invitee is invited, the organizer told whom they invited; both carry REQUEST 0.
    const invited = await lastEmailTo(applicant, 'invited you to an interview');
    expect(invited.subject).toMatch(/ invited you to an interview$/);
    expect(invited.text).toContain(`${title} with Rita Recruiter starts `);
    expect(invited.text).toContain('(Europe/London) and lasts 45 minutes.');
    expect(invited.text).toContain(`Join the meeting: ${ZOOM}`);
    expect(invited.text).toContain(
      `Accept or decline it on your Meetings page: ${PUBLIC_URL}/applicant/meetings?meeting=`,
    );
    const organizers = await lastEmailTo(company, title);
    expect(organizers.subject).toBe(`You invited Ada Lovelace to ${title}`);
    for (const email of [invited, organizers]) {
      const invitation = readInvitation(email.calendar ?? '');
      expect(invitation).toMatchObject({
        method: 'REQUEST',
        uid,
        sequence: 0,
        status: 'CONFIRMED',
        start: meeting.starts_at,
        end: meeting.ends_at,
        location: ZOOM,
        url: ZOOM,
        organizer: company.user.email,
        attendees: everyone,
      });
      // DTSTAMP: when the change was made, to the second.
      expect(invitation.stamp).toBe(meeting.updated_at.replace(/\.\d{3}Z$/, '.000Z'));
    }
    // The download and the feed are the same event at the same sequence.
    expect(await downloaded(applicant, meeting.id)).toMatchObject({ uid, sequence: 0 });

    // Moved by the invitee: a REQUEST with the new time at sequence 1, to both, the organizer asked again.
    const later = at(72);
    const moved = await reschedule(applicant, meeting.id, { starts_at: later, reason: 'A clash' });
    expect(moved.statusCode, moved.error?.error).toBe(200);
    const toOrganizer = await lastEmailTo(company, `moved ${title}`);
    expect(toOrganizer.subject).toBe(`Ada Lovelace moved ${title}`);
    expect(toOrganizer.text).toContain('“A clash”');
    expect(toOrganizer.text).toContain('Accept or decline the new time on your Meetings page');
    const toMover = await lastEmailTo(applicant, `moved ${title}`);
    expect(toMover.subject).toBe(`You moved ${title}`);
    expect(toMover.text).not.toContain('Accept or decline');
    for (const email of [toOrganizer, toMover]) {
      expect(readInvitation(email.calendar ?? '')).toMatchObject({
        method: 'REQUEST',
        uid,
        sequence: 1,
        start: later,
        end: new Date(Date.parse(later) + 45 * 60_000).toISOString(),
        location: ZOOM,
      });
    }
    expect(await downloaded(company, meeting.id)).toMatchObject({ uid, sequence: 1, start: later });

    // Cancelled by the organizer: CANCEL at sequence 2, to both.
    expect((await cancel(company, meeting.id, { reason: 'We filled the role.' })).statusCode).toBe(200);
    const cancelledToInvitee = await lastEmailTo(applicant, `cancelled ${title}`);
    expect(cancelledToInvitee.subject).toBe(`Rita Recruiter cancelled ${title}`);
    expect(cancelledToInvitee.text).toContain('“We filled the role.”');
    const cancelledToOrganizer = await lastEmailTo(company, `cancelled ${title}`);
    expect(cancelledToOrganizer.subject).toBe(`You cancelled ${title}`);
    for (const email of [cancelledToInvitee, cancelledToOrganizer]) {
      expect(readInvitation(email.calendar ?? '')).toMatchObject({
        method: 'CANCEL',
        uid,
        sequence: 2,
        status: 'CANCELLED',
        organizer: company.user.email,
      });
    }
    expect(await downloaded(applicant, meeting.id)).toMatchObject({ uid, sequence: 2, status: 'CANCELLED' });
    const feed = (await applicant.call(meetingsContract.createCalendarFeed)).body;
    const fed = await testApp.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    const inFeed = new ICAL.Component(ICAL.parse(fed.body))
      .getAllSubcomponents('vevent')
      .find((vevent) => vevent.getFirstPropertyValue('uid') === uid);
    expect(inFeed?.getFirstPropertyValue('sequence')).toBe(2);
    // A feed is subscribed to, not an iTIP message: it states no method.
    expect(fed.body).not.toContain('METHOD:');

    // One email for each change, no more: the in-app notifications of these changes are not emailed again
    // (notifications/notifications.test.ts).
    expect((await emailsTo(company, title)).map((email) => email.subject)).toEqual([
      `You invited Ada Lovelace to ${title}`,
      `Ada Lovelace moved ${title}`,
      `You cancelled ${title}`,
    ]);
  });

  it('sends a new link alone as a REQUEST at the next sequence, to the room when the link is removed', async () => {
    const title = `Relinked ${crypto.randomUUID().slice(0, 8)}`;
    const meeting = await scheduleInterview({ title });
    expect(readInvitation((await lastEmailTo(applicant, 'invited you')).calendar ?? '')).toMatchObject({
      sequence: 0,
      location: `${PUBLIC_URL}${meeting.join_url}`,
    });
    await reschedule(company, meeting.id, { starts_at: meeting.starts_at, call_link: ZOOM });
    const relinked = await lastEmailTo(applicant, `changed the call link of ${title}`);
    expect(relinked.subject).toBe(`Rita Recruiter changed the call link of ${title}`);
    expect(relinked.text).toContain(`Join the meeting: ${ZOOM}`);
    expect(readInvitation(relinked.calendar ?? '')).toMatchObject({
      method: 'REQUEST',
      sequence: 1,
      start: meeting.starts_at,
      location: ZOOM,
    });
    await reschedule(company, meeting.id, { starts_at: meeting.starts_at, call_link: null });
    expect(
      readInvitation((await lastEmailTo(applicant, `changed the call link of ${title}`)).calendar ?? ''),
    ).toMatchObject({
      sequence: 2,
      location: `${PUBLIC_URL}${meeting.join_url}`,
      url: `${PUBLIC_URL}${meeting.join_url}`,
    });
  });

  it('sends the invitation as RFC 6047 says: a text/calendar alternative with its method, and invite.ics', async () => {
    const title = `On the wire ${crypto.randomUUID().slice(0, 8)}`;
    const meeting = await scheduleInterview({ title });
    const row = await lastEmailTo(applicant, 'invited you');
    const smtp = startSmtpServer(0);
    const port = await listen(smtp.server);
    try {
      const send = createOutboxSender({
        db: db(),
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Tandem <no-reply@test>',
        logger: quiet,
      });
      await send({ outboxId: row.id });
    } finally {
      smtp.server.close();
    }
    // SMTP doubles a leading dot (RFC 5321 §4.5.2).
    const raw = smtp.received.map((line) => (line.startsWith('..') ? line.slice(1) : line)).join('\r\n');
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    const parts = mimePartsOf(raw);
    const alternative = parts.find((part) =>
      /^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im.test(part.headers),
    );
    const attachment = parts.find((part) => /^Content-Type: application\/ics; name=invite\.ics/im.test(part.headers));
    expect(alternative, 'the text/calendar part').toBeDefined();
    expect(alternative?.headers).not.toMatch(/Content-Disposition: attachment/i);
    expect(attachment?.headers).toMatch(/Content-Disposition: attachment; filename=invite\.ics/i);
    // The alternative sits with the text and HTML parts.
    expect(parts.some((part) => /^Content-Type: text\/plain; charset=utf-8/im.test(part.headers))).toBe(true);
    expect(parts.some((part) => /^Content-Type: text\/html; charset=utf-8/im.test(part.headers))).toBe(true);
    for (const part of [alternative, attachment]) {
      expect(readInvitation(part?.body ?? '')).toMatchObject({
        method: 'REQUEST',
        uid: `${meeting.id}@${host}`,
        sequence: 0,
        start: meeting.starts_at,
      });
    }
  });
});
