import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { defaultWeeklyHours } from '~/shared/availability';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { bookingContract } from '~/shared/contracts/booking';
import { privacyContract } from '~/shared/contracts/privacy';
import { meetingTexts } from '~/shared/meetings';
import { paths } from '~/shared/routes';

// Settings → Time zone for the roles whose zone is not a profile field (an account manager here): the
// zone the account has, none said plainly, chosen from the IANA list and saved (docs/decisions/022).

async function openSettings(zone: string | null) {
  const server = createFakeServer();
  let saved = zone;
  server.on(accountContract.timeZone, () => ({ time_zone: saved }));
  server.on(accountContract.updateTimeZone, ({ body }) => {
    saved = body.time_zone;
    return { time_zone: saved };
  });
  server.on(accountContract.sessions, () => ({ items: [] }));
  server.on(apiTokensContract.list, () => ({ tokens: [], api_access: true }));
  server.on(bookingContract.availability, () => ({
    weekly: defaultWeeklyHours,
    days_off: [],
    time_zone: saved,
    is_saved: false,
  }));
  server.on(privacyContract.myRequests, () => ({ items: [], pending_erasure: null, has_password: true }));
  const user = companyUser({ role: 'account_manager', company: null, name: 'Priya Sharma' });
  const view = await renderRoute(paths.managerSettings.getHref(), { user, server });
  const section = await screen.findByRole('region', { name: 'Time zone' });
  return { ...view, section };
}

describe('Settings → Time zone', () => {
  it('says when none is set, and saves the one chosen', async () => {
    const { section, events, server } = await openSettings(null);
    expect(
      await within(section).findByText('You have not set a time zone yet: meeting times show in UTC until you do.'),
    ).toBeInTheDocument();
    await events.click(within(section).getByRole('combobox', { name: 'Your time zone' }));
    await events.type(await screen.findByRole('combobox', { name: 'Search time zones' }), 'manila');
    await events.click(
      within(screen.getByRole('listbox', { name: 'Time zones' })).getByRole('option', { name: /^Asia\/Manila/ }),
    );
    await events.click(within(section).getByRole('button', { name: 'Save Time Zone' }));
    expect(await within(section).findByText(meetingTexts.timeZoneSaved)).toBeInTheDocument();
    expect(
      server.requests.filter((request) => request.method === 'PUT').map((request) => [request.path, request.body]),
    ).toEqual([['/api/account/time-zone', { time_zone: 'Asia/Manila' }]]);
    expect(within(section).queryByText(/You have not set a time zone/)).not.toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: 'Your time zone' })).toHaveTextContent(/^Asia\/Manila/);
  });

  it('shows the zone the account has', async () => {
    const { section } = await openSettings('Europe/Lisbon');
    expect(await within(section).findByRole('combobox', { name: 'Your time zone' })).toHaveTextContent(
      /^Europe\/Lisbon \(UTC[+-]\d\d:\d\d\)$/,
    );
    expect(within(section).queryByText(/You have not set a time zone/)).not.toBeInTheDocument();
  });
});
