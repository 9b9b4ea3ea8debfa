import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '~/shared/settings';
import type { DatabaseHandle } from '../db/client';
import { platformSettings } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { getPlatformSettings } from './get-platform-settings';

describe('getPlatformSettings', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(platformSettings);
    await database.db
      .insert(platformSettings)
      .values(Object.entries(defaultPlatformSettings).map(([key, value]) => ({ key, value })));
  });

  it('starts from the defaults of the spec, which the migrations put in place', async () => {
    const fresh = await createTestDatabase();
    try {
      expect(await getPlatformSettings({ db: fresh.db })).toEqual({
        session_timeout_minutes: 60,
        allow_registrations: true,
        email_verification: true,
        admin_two_factor: true,
        maintenance_mode: false,
        notify_new_user: true,
        notify_new_job: true,
        notify_contact_message: true,
        api_access: true,
        platform_fee_basis_points: 1000,
        payouts_wait_for_payment: true,
        payout_security_days: 5,
        payout_minimum_cents: 2000,
        // Issue 56: payouts wait for a W-9 or W-8BEN in force (migration 0079).
        payouts_require_tax_form: true,
        // Issue 59: a job without a closing date takes applications for 60 days (no row: the default).
        job_validity_days: 60,
      });
    } finally {
      await fresh.close();
    }
  });

  it('returns stored values and falls back to the default for a malformed one', async () => {
    await database.db.delete(platformSettings);
    await database.db.insert(platformSettings).values([
      { key: 'maintenance_mode', value: true },
      { key: 'session_timeout_minutes', value: 'sixty' },
      { key: 'retired_setting', value: 1 },
    ]);
    const settings = await getPlatformSettings({ db: database.db });
    expect(settings.maintenance_mode).toBe(true);
    expect(settings.session_timeout_minutes).toBe(60);
    expect(settings).not.toHaveProperty('retired_setting');
  });
});
