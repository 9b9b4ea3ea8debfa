import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AvailabilityInput, availabilityTexts, defaultWeeklyHours } from '~/shared/availability';
import { bookingContract } from '~/shared/contracts/booking';
import { auditLogs } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const week = (overrides: Record<number, object> = {}) =>
  defaultWeeklyHours.map((day) => ({ ...day, ...overrides[day.weekday] }));

// Settings → Availability: a company person's or account manager's working week and days off, in their
// own time zone; the default week until they save theirs; each field's mistake named.
describe('the availability API', () => {
  let testApp: TestApp;
  let company: Account;
  let manager: Account;
  let applicant: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', timeZone: 'America/New_York' });
    manager = await signedInAccount(testApp, { role: 'account_manager' });
    applicant = await signedInAccount(testApp, { role: 'applicant', timeZone: 'Asia/Manila' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const read = (account: Account) => account.call(bookingContract.availability);
  const save = (account: Account, body: AvailabilityInput) =>
    account.call(bookingContract.updateAvailability, { body });

  it('answers the default week, Monday to Friday 9 to 5 in the person’s own zone, until they save theirs', async () => {
    const response = await read(company);
    expect(response.statusCode, response.error?.error).toBe(200);
    expect(response.body).toEqual({
      weekly: defaultWeeklyHours,
      days_off: [],
      time_zone: 'America/New_York',
      is_saved: false,
    });
    // A manager without a zone reads the same week, and null for the zone.
    expect((await read(manager)).body).toMatchObject({ time_zone: null, is_saved: false });
  });

  it('saves the week and the days off whole, audited, and answers them back in order', async () => {
    const body = {
      weekly: week({
        1: { from: '08:30', to: '12:00' },
        5: { is_working: false },
        6: { is_working: true, from: '10:00', to: '24:00' },
      }),
      days_off: ['2027-12-24', '2027-12-31'],
    };
    const saved = await save(company, body);
    expect(saved.statusCode, saved.error?.error).toBe(200);
    expect(saved.body).toEqual({ ...body, time_zone: 'America/New_York', is_saved: true });
    expect((await read(company)).body).toEqual(saved.body);

    // Saving again replaces both lists, not adds to them.
    const again = await save(company, { weekly: week(), days_off: ['2028-01-03'] });
    expect(again.body).toMatchObject({ weekly: defaultWeeklyHours, days_off: ['2028-01-03'] });
    const audits = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, company.user.id), eq(auditLogs.action, 'account.availability_changed')));
    expect(audits).toHaveLength(2);
  });

  it('names each field that is wrong: an end before its start, a bad time, a day listed twice', async () => {
    const response = await save(manager, {
      weekly: week({ 2: { from: '17:00', to: '09:00' }, 3: { from: '25:00' } }),
      days_off: ['2027-05-01', 'tomorrow'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.error?.fields).toEqual({
      'weekly.1.to': availabilityTexts.endAfterStart,
      'weekly.2.from': availabilityTexts.time,
      'days_off.1': expect.any(String),
    });
    const twice = await save(manager, { weekly: week(), days_off: ['2027-05-01', '2027-05-02', '2027-05-01'] });
    expect(twice.error?.fields).toEqual({ 'days_off.2': availabilityTexts.dayOffTwice });
    // A week out of order, or short of a day, is refused as a whole.
    const shuffled = await save(manager, { weekly: week().reverse(), days_off: [] });
    expect(shuffled.error?.fields).toEqual({ weekly: availabilityTexts.weekdays });
    const tooMany = await save(manager, {
      weekly: week(),
      days_off: Array.from(
        { length: 61 },
        (_, index) =>
          `2027-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      ),
    });
    expect(tooMany.error?.fields).toEqual({ days_off: availabilityTexts.tooManyDaysOff });
    // Nothing was stored.
    expect((await read(manager)).body.is_saved).toBe(false);
  });

  it('is not an applicant’s: they book others’ times', async () => {
    expect((await read(applicant)).statusCode).toBe(403);
    expect((await save(applicant, { weekly: week(), days_off: [] })).statusCode).toBe(403);
  });
});
