import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { applicantCvContract } from '~/shared/contracts/applicant-cv';
import { privacyContract } from '~/shared/contracts/privacy';
import { talentContract } from '~/shared/contracts/talent';
import { paths } from '~/shared/routes';
import { type ApplicantProfile, profileCompleteness, updateApplicantProfileSchema } from '~/shared/talent';
import {
  backgroundTexts,
  emptyProfileBackground,
  type ProfileBackground,
  updateLanguagesSchema,
  updatePortfolioSchema,
  updateWorkHistorySchema,
} from '~/shared/talent-background';
import { workEndMissing } from './background-form-values';

// The background lists in an applicant's Settings: each form checks its entries with the shared rules
// and shows each message beside its field, puts the server's messages there too, and saves the list in
// the order shown.

const applicant: CurrentUser = {
  id: fakeId(),
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  role: 'applicant',
  email_verified: true,
  has_password: true,
  company: null,
};

function profileWith(background: Partial<ProfileBackground> = {}): ApplicantProfile {
  const view = {
    id: applicant.id,
    name: applicant.name,
    // An empty profile, as the shared rules store one.
    ...updateApplicantProfileSchema.parse({}),
    photo_url: null,
    ...emptyProfileBackground,
    ...background,
  };
  return { ...view, completeness: profileCompleteness(view), updated_at: new Date().toISOString() };
}

const withIds = <Item extends object>(items: Item[]) => items.map((item) => ({ ...item, id: fakeId() }));

async function openSettings(answer?: (server: FakeServer) => void) {
  const server = createFakeServer();
  let profile = profileWith();
  server.on(talentContract.ownProfile, () => profile);
  server.on(talentContract.updateWorkHistory, ({ body }) => {
    profile = profileWith({ ...profile, work_history: withIds(updateWorkHistorySchema.parse(body).items) });
    return profile;
  });
  server.on(talentContract.updateLanguages, ({ body }) => {
    profile = profileWith({ ...profile, languages: withIds(updateLanguagesSchema.parse(body).items) });
    return profile;
  });
  server.on(talentContract.updatePortfolio, ({ body }) => {
    profile = profileWith({ ...profile, portfolio: withIds(updatePortfolioSchema.parse(body).items) });
    return profile;
  });
  server.on(applicantCvContract.ownCv, () => ({ cv: null }));
  server.on(accountContract.sessions, () => ({ items: [] }));
  server.on(apiTokensContract.list, () => ({ tokens: [], api_access: true }));
  server.on(privacyContract.myRequests, () => ({ items: [], pending_erasure: null, has_password: true }));
  answer?.(server);
  const view = await renderRoute(paths.applicantSettings.getHref(), { user: applicant, server });
  return { ...view, server };
}

const puts = (server: FakeServer, path: string) =>
  server.requests.filter((request) => request.method === 'PUT' && request.path === path);

// Month inputs take a whole YYYY-MM value at once, as a browser's month picker gives it.
const setMonth = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('the profile’s background lists', () => {
  it('checks a job before sending, with each message beside its field', async () => {
    const { events, server } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Work History' });
    expect(within(section).getByText('No jobs yet. Add your current or most recent job first.')).toBeInTheDocument();
    await events.click(within(section).getByRole('button', { name: 'Add job' }));
    await events.click(within(section).getByRole('button', { name: 'Save Work History' }));

    expect(await within(section).findByText(backgroundTexts.required('job title'))).toBeInTheDocument();
    expect(within(section).getByText(backgroundTexts.required('company'))).toBeInTheDocument();
    expect(within(section).getByText(backgroundTexts.month)).toBeInTheDocument();
    expect(within(section).getByText(workEndMissing)).toBeInTheDocument();
    expect(within(section).getByLabelText('Job title')).toHaveAttribute('aria-invalid', 'true');

    await events.type(within(section).getByLabelText('Job title'), 'Dev');
    await events.type(within(section).getByLabelText('Company'), 'Acme');
    setMonth(within(section).getByLabelText('Start month'), '2022-04');
    setMonth(within(section).getByLabelText('End month'), '2021-01');
    await events.click(within(section).getByRole('button', { name: 'Save Work History' }));
    expect(await within(section).findByText(backgroundTexts.endBeforeStart)).toBeInTheDocument();
    expect(within(section).getByLabelText('End month')).toHaveAttribute('aria-invalid', 'true');
    expect(puts(server, '/api/applicant/profile/work-history')).toHaveLength(0);
  });

  it('saves a current job without an end month', async () => {
    const { events, server } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Work History' });
    await events.click(within(section).getByRole('button', { name: 'Add job' }));
    await events.type(within(section).getByLabelText('Job title'), 'Staff Engineer');
    await events.type(within(section).getByLabelText('Company'), 'Northwind');
    setMonth(within(section).getByLabelText('Start month'), '2022-04');
    await events.click(within(section).getByRole('checkbox', { name: 'I currently work here' }));
    expect(within(section).getByLabelText('End month')).toBeDisabled();
    await events.click(within(section).getByRole('button', { name: 'Save Work History' }));
    expect(await screen.findByText(backgroundTexts.saved('work history'))).toBeInTheDocument();
    expect(puts(server, '/api/applicant/profile/work-history')[0]?.body).toEqual({
      items: [
        { title: 'Staff Engineer', company: 'Northwind', start_month: '2022-04', end_month: null, description: '' },
      ],
    });
  });

  it('refuses an address that is not a web page, and a language twice', async () => {
    const { events, server } = await openSettings();
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    await events.click(within(portfolio).getByRole('button', { name: 'Add link' }));
    await events.type(within(portfolio).getByLabelText('Title'), 'My site');
    await events.type(within(portfolio).getByLabelText('URL'), 'javascript:alert(1)');
    await events.click(within(portfolio).getByRole('button', { name: 'Save Portfolio' }));
    expect(await within(portfolio).findByText(backgroundTexts.url)).toBeInTheDocument();
    expect(puts(server, '/api/applicant/profile/portfolio')).toHaveLength(0);

    const languages = screen.getByRole('region', { name: 'Languages' });
    for (const name of ['English', 'english']) {
      await events.click(within(languages).getByRole('button', { name: 'Add language' }));
      const fields = within(languages).getAllByLabelText('Language');
      await events.type(fields.at(-1) as HTMLElement, name);
      await events.selectOptions(within(languages).getAllByLabelText('Level').at(-1) as HTMLElement, 'C1');
    }
    await events.click(within(languages).getByRole('button', { name: 'Save Languages' }));
    expect(await within(languages).findByText(backgroundTexts.duplicateLanguage)).toBeInTheDocument();
    expect(puts(server, '/api/applicant/profile/languages')).toHaveLength(0);
  });

  it('saves the list in the order shown after moving an entry', async () => {
    const { events, server } = await openSettings();
    const languages = await screen.findByRole('region', { name: 'Languages' });
    for (const [name, level] of [
      ['English', 'C1'],
      ['Polish', 'native'],
    ]) {
      await events.click(within(languages).getByRole('button', { name: 'Add language' }));
      await events.type(within(languages).getAllByLabelText('Language').at(-1) as HTMLElement, name as string);
      await events.selectOptions(within(languages).getAllByLabelText('Level').at(-1) as HTMLElement, level as string);
    }
    await events.click(within(languages).getByRole('button', { name: 'Move Polish up' }));
    await events.click(within(languages).getByRole('button', { name: 'Save Languages' }));
    expect(await screen.findByText(backgroundTexts.saved('languages'))).toBeInTheDocument();
    expect(puts(server, '/api/applicant/profile/languages')[0]?.body).toEqual({
      items: [
        { language: 'Polish', level: 'native' },
        { language: 'English', level: 'C1' },
      ],
    });
  });

  it('puts the server’s field messages next to the fields', async () => {
    const { events } = await openSettings((server) =>
      server.on(talentContract.updatePortfolio, () =>
        replyError(400, 'validation', 'Please correct these fields: items.0.url.', {
          'items.0.url': backgroundTexts.url,
        }),
      ),
    );
    const portfolio = await screen.findByRole('region', { name: 'Portfolio' });
    await events.click(within(portfolio).getByRole('button', { name: 'Add link' }));
    await events.type(within(portfolio).getByLabelText('Title'), 'Case study');
    await events.type(within(portfolio).getByLabelText('URL'), 'https://example.com/case');
    await events.click(within(portfolio).getByRole('button', { name: 'Save Portfolio' }));
    expect(await within(portfolio).findByText(backgroundTexts.url)).toBeInTheDocument();
    expect(within(portfolio).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(within(portfolio).queryByRole('alert')).not.toBeInTheDocument();
  });
});
