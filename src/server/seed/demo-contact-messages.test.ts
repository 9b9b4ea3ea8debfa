import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { findContactMessages } from '../site/find-contact-messages';
import { createTestDatabase } from '../testing/test-database';
import { demoAccountsSeeder } from './demo-accounts';
import { demoContactMessagesSeeder } from './demo-contact-messages';
import { seedDemoData } from './seed-demo-data';

describe('the demo contact messages', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('give the demo administrator an inbox with two new leads and a handled one; a second run adds nothing', async () => {
    const seeders = [demoAccountsSeeder, demoContactMessagesSeeder];
    const first = await seedDemoData({ db: database.db, seeders });
    expect(first.find((entry) => entry.name === 'demo contact messages')?.created).toBe(3);

    const inbox = (status: 'open' | 'handled') =>
      findContactMessages({
        db: database.db,
        viewerId: '00000000-0000-4000-8000-000000000000',
        query: { status, page: 1, page_size: 20 },
      });
    const open = await inbox('open');
    // Newest first: the home form's lead from this morning, then the one waiting over a day.
    expect(open.items.map((message) => message.name)).toEqual(['Daniel Okafor', 'Olivia Bennett']);
    expect(open.items.map((message) => message.source)).toEqual(['home', 'contact_page']);
    const handled = await inbox('handled');
    expect(handled.items.map((message) => message.name)).toEqual(['Sofia Marques']);
    expect(handled.items[0]?.handled_at).not.toBeNull();

    const again = await seedDemoData({ db: database.db, seeders });
    expect(again.every((entry) => entry.created === 0)).toBe(true);
    expect((await inbox('open')).total).toBe(2);
  });
});
