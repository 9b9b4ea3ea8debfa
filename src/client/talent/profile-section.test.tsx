import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tagTexts } from '~/client/components/tag-input';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { cvTexts, type OwnCv } from '~/shared/applicant-cv';
import type { CurrentUser } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { applicantCvContract } from '~/shared/contracts/applicant-cv';
import { privacyContract } from '~/shared/contracts/privacy';
import { talentContract } from '~/shared/contracts/talent';
import { paths } from '~/shared/routes';
import {
  type ApplicantProfile,
  PHOTO_MAX_BYTES,
  profileCompleteness,
  profileTexts,
  type UpdateApplicantProfileInput,
  updateApplicantProfileSchema,
} from '~/shared/talent';
import { emptyProfileBackground } from '~/shared/talent-background';
import { textTexts } from '~/shared/text';

// The Profile section of an applicant's Settings: what it checks before sending, what it sends,
// how it shows the server's refusals, the meter, the time-zone search and the photo's checks.

const applicant: CurrentUser = {
  id: fakeId(),
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  role: 'applicant',
  email_verified: true,
  has_password: true,
  company: null,
};

function profileOf(fields: UpdateApplicantProfileInput, photoUrl: string | null = null): ApplicantProfile {
  const stored = updateApplicantProfileSchema.parse(fields);
  const view = { id: applicant.id, name: applicant.name, ...stored, photo_url: photoUrl, ...emptyProfileBackground };
  return { ...view, completeness: profileCompleteness(view), updated_at: new Date().toISOString() };
}

// GET and PUT /api/applicant/profile and the photo routes, answered from one stored profile.
function fakeProfileApi(server: FakeServer, initial = profileOf({})) {
  const store = { profile: initial };
  server.on(talentContract.ownProfile, () => store.profile);
  server.on(talentContract.updateOwnProfile, ({ body }) => {
    store.profile = profileOf(body, store.profile.photo_url);
    return store.profile;
  });
  server.on(talentContract.uploadPhoto, () => {
    const { completeness: _completeness, updated_at: _updatedAt, photo_url: _photoUrl, ...fields } = store.profile;
    store.profile = profileOf(fields, `/api/applicants/${applicant.id}/photo?v=${'a'.repeat(32)}`);
    return store.profile;
  });
  // The settings page's other sections: sessions, API tokens, privacy.
  server.on(applicantCvContract.ownCv, () => ({ cv: null }));
  server.on(accountContract.sessions, () => ({ items: [] }));
  server.on(apiTokensContract.list, () => ({ tokens: [], api_access: true }));
  server.on(privacyContract.myRequests, () => ({ items: [], pending_erasure: null, has_password: true }));
  return store;
}

async function openSettings(answer?: (server: FakeServer) => void, initial?: ApplicantProfile) {
  const server = createFakeServer();
  const store = fakeProfileApi(server, initial);
  answer?.(server);
  const view = await renderRoute(paths.applicantSettings.getHref(), { user: applicant, server });
  const section = await screen.findByRole('region', { name: 'Profile' });
  await within(section).findByLabelText('Headline');
  return { ...view, store, section };
}

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

const puts = (server: FakeServer, path: string) =>
  server.requests.filter((request) => request.method === 'PUT' && request.path === path);

async function fill(events: UserEvent, field: HTMLElement, value: string) {
  await events.clear(field);
  if (value) await events.type(field, value);
}

async function chooseTimeZone(events: UserEvent, section: HTMLElement, search: string, name: RegExp) {
  await events.click(within(section).getByRole('combobox', { name: 'Time zone' }));
  await events.type(await screen.findByRole('combobox', { name: 'Search time zones' }), search);
  await events.click(within(screen.getByRole('listbox', { name: 'Time zones' })).getByRole('option', { name }));
}

describe('the applicant’s Profile section', () => {
  it('loads an empty profile with the meter at 0% naming every missing part', async () => {
    const { section, events } = await openSettings();
    const meter = within(section).getByRole('progressbar', { name: 'Profile completeness' });
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(meter).toHaveAccessibleDescription(
      'Missing: Headline, Summary, Hourly rate, Skills, Experience level, Availability, Region, Location, Time zone, Photo, Work history, Education, Languages, Portfolio or certifications',
    );
    // The account's name section is called Name, on the Account tab: this page's Profile is the one companies see.
    expect(screen.queryByRole('region', { name: 'Name' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('tab', { name: 'Account' }));
    expect(await screen.findByRole('region', { name: 'Name' })).toBeInTheDocument();
  });

  it('checks the rate before sending: a number from $1 to $1,000 with at most two decimals', async () => {
    const { events, server, section } = await openSettings();
    const rate = within(section).getByLabelText('Hourly rate (USD)');
    const save = within(section).getByRole('button', { name: 'Save Profile' });
    for (const [typed, message] of [
      ['abc', profileTexts.hourlyRate],
      ['0', profileTexts.hourlyRate],
      ['1500', profileTexts.hourlyRate],
      ['12.345', profileTexts.hourlyRateCents],
    ] as const) {
      await fill(events, rate, typed);
      await events.click(save);
      expect(await within(section).findByText(message)).toBeInTheDocument();
      expect(rate).toHaveAttribute('aria-invalid', 'true');
    }
    expect(puts(server, '/api/applicant/profile')).toHaveLength(0);
  });

  it('adds skills as chips once in any case, and removes them', async () => {
    const { events, section } = await openSettings();
    const skills = within(section).getByLabelText('Skills');
    await events.type(skills, 'React{Enter}');
    await events.type(skills, 'TypeScript');
    await events.click(within(section).getByRole('button', { name: 'Add' }));
    await events.type(skills, 'react{Enter}');
    expect(within(section).getByText(tagTexts.skillDuplicate('React'))).toBeInTheDocument();
    await events.clear(skills);
    await events.type(skills, '   {Enter}');
    expect(within(section).getByText(tagTexts.skillBlank)).toBeInTheDocument();
    const chips = within(section).getByRole('list', { name: 'Selected skills' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'TypeScript']);
    await events.click(within(chips).getByRole('button', { name: 'Remove React' }));
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['TypeScript']);
  });

  it('finds a time zone by searching and keyboard, and shows it with its offset', async () => {
    const { events, section } = await openSettings();
    await chooseTimeZone(events, section, 'warsaw', /^Europe\/Warsaw/);
    expect(within(section).getByRole('combobox', { name: 'Time zone' })).toHaveTextContent(
      /Europe\/Warsaw \(UTC\+0[12]:00\)/,
    );
    await events.click(within(section).getByRole('combobox', { name: 'Time zone' }));
    const search = await screen.findByRole('combobox', { name: 'Search time zones' });
    await events.type(search, 'new york');
    await events.keyboard('{Enter}');
    expect(within(section).getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('America/New York');
    await events.click(within(section).getByRole('combobox', { name: 'Time zone' }));
    await events.type(await screen.findByRole('combobox', { name: 'Search time zones' }), 'Atlantis');
    expect(screen.getByText('No time zone matches “Atlantis”.')).toBeInTheDocument();
  });

  it('refuses a control character in the one-line headline at the field, before sending', async () => {
    const { events, server, section } = await openSettings();
    const headline = within(section).getByLabelText('Headline');
    await events.click(headline);
    await events.paste('Senior\u001b[31m Engineer');
    await events.click(within(section).getByRole('button', { name: 'Save Profile' }));
    expect(await within(section).findByText(textTexts.controlCharacter)).toBeInTheDocument();
    expect(headline).toHaveAttribute('aria-invalid', 'true');
    expect(puts(server, '/api/applicant/profile')).toHaveLength(0);
  });

  it('saves the profile, says so, and the meter then names only the photo', async () => {
    const { events, server, section } = await openSettings();
    await events.type(within(section).getByLabelText('Headline'), 'Senior React Engineer');
    await events.type(within(section).getByLabelText('Hourly rate (USD)'), '65.50');
    await events.type(within(section).getByLabelText('Summary'), 'Eight years of remote front-end work.');
    await events.selectOptions(within(section).getByLabelText('Experience level'), 'Senior');
    await events.selectOptions(within(section).getByLabelText('Availability'), 'Part-time');
    await events.selectOptions(within(section).getByLabelText('Region'), 'Europe');
    await events.type(within(section).getByLabelText('Location'), 'Kraków, Poland');
    await chooseTimeZone(events, section, 'warsaw', /^Europe\/Warsaw/);
    await events.type(within(section).getByLabelText('Skills'), 'React{Enter}');
    await events.click(within(section).getByRole('button', { name: 'Save Profile' }));

    expect(await findNotification(profileTexts.saved)).toBeInTheDocument();
    expect(puts(server, '/api/applicant/profile')[0]?.body).toEqual({
      headline: 'Senior React Engineer',
      hourly_rate: 65.5,
      summary: 'Eight years of remote front-end work.',
      experience_level: 'senior',
      availability: 'part-time',
      region: 'Europe',
      location: 'Kraków, Poland',
      timezone: 'Europe/Warsaw',
      skills: ['React'],
    });
    const meter = within(section).getByRole('progressbar', { name: 'Profile completeness' });
    // The profile's own fields are not all of it: the background lists count too.
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '64'));
    expect(meter).toHaveAccessibleDescription(
      'Missing: Photo, Work history, Education, Languages, Portfolio or certifications',
    );
  });

  it('puts the server’s field messages next to the fields, and keeps what was typed', async () => {
    const { events, section } = await openSettings((server) =>
      server.on(talentContract.updateOwnProfile, () =>
        replyError(400, 'validation', `timezone: ${profileTexts.timezone}`, {
          timezone: profileTexts.timezone,
          'skills.0': profileTexts.skillTooLong,
        }),
      ),
    );
    await events.type(within(section).getByLabelText('Headline'), 'Data Analyst');
    await events.type(within(section).getByLabelText('Skills'), 'SQL{Enter}');
    await events.click(within(section).getByRole('button', { name: 'Save Profile' }));
    expect(await within(section).findByText(profileTexts.timezone)).toBeInTheDocument();
    expect(within(section).getByText(profileTexts.skillTooLong)).toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: 'Time zone' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText('Headline')).toHaveValue('Data Analyst');
    // Every message found its field: no banner repeats them.
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal without fields in a banner and a notification', async () => {
    const { events, section } = await openSettings((server) =>
      server.on(talentContract.updateOwnProfile, () =>
        replyError(403, 'forbidden', 'You do not have permission to do that.'),
      ),
    );
    await events.click(within(section).getByRole('button', { name: 'Save Profile' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('You do not have permission to do that.');
    expect(await findNotification(profileTexts.saveErrorTitle)).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and Try Again loads it', async () => {
    let isDown = true;
    const server = createFakeServer();
    fakeProfileApi(server);
    server.on(talentContract.ownProfile, () =>
      isDown ? replyError(503, 'unavailable', 'The service is busy. Please try again.') : profileOf({ headline: 'QA' }),
    );
    const { events } = await renderRoute(paths.applicantSettings.getHref(), { user: applicant, server });
    const section = await screen.findByRole('region', { name: 'Profile' });
    expect(await within(section).findByText('The service is busy. Please try again.')).toBeInTheDocument();
    isDown = false;
    await events.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByLabelText('Headline')).toHaveValue('QA');
  });

  describe('the photo', () => {
    const pngBytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
    // The file input limits the dialog to images; these tests hand it anything, as a drag or an old browser might.
    const anyFile = () => userEvent.setup({ applyAccept: false, delay: null });
    const photoInput = (section: HTMLElement) => within(section).getByLabelText('Choose Photo');

    it('refuses another type, a file over 2 MB and bytes that are not the type claimed, before sending', async () => {
      const { server, section } = await openSettings();
      const cases: Array<[File, string]> = [
        [new File(['GIF89a'], 'me.gif', { type: 'image/gif' }), profileTexts.photoUnsupportedType],
        [
          new File([new Uint8Array(pngBytes), new Uint8Array(PHOTO_MAX_BYTES)], 'big.png', { type: 'image/png' }),
          profileTexts.photoTooLarge,
        ],
        [new File(['<svg/>'], 'fake.png', { type: 'image/png' }), profileTexts.photoContentMismatch('image/png')],
      ];
      for (const [file, message] of cases) {
        await anyFile().upload(photoInput(section), file);
        expect(await within(section).findByText(message)).toBeInTheDocument();
      }
      expect(puts(server, '/api/applicant/profile/photo')).toHaveLength(0);
    });

    it('uploads a chosen photo at once, with no second click, and the meter counts it', async () => {
      const { server, section } = await openSettings();
      const photo = new File([new Uint8Array(pngBytes)], 'me.png', { type: 'image/png' });
      await anyFile().upload(photoInput(section), photo);
      expect(await findNotification(profileTexts.photoUploaded)).toBeInTheDocument();
      expect(within(section).queryByRole('button', { name: 'Upload Photo' })).not.toBeInTheDocument();
      expect(puts(server, '/api/applicant/profile/photo')[0]?.body).toBe(photo);
      expect(await within(section).findByRole('img', { name: 'Your photo' })).toHaveAttribute(
        'src',
        expect.stringContaining(`/api/applicants/${applicant.id}/photo?v=`),
      );
      expect(within(section).getByRole('button', { name: 'Remove Photo' })).toBeInTheDocument();
      const meter = within(section).getByRole('progressbar', { name: 'Profile completeness' });
      expect(meter).toHaveAttribute('aria-valuenow', '7');
      expect(meter).toHaveAccessibleDescription(expect.not.stringContaining('Photo'));
    });

    it('shows the server’s reason when it refuses the upload, keeps the preview to try again, and Cancel drops it', async () => {
      const { events, section } = await openSettings((server) =>
        server.on(talentContract.uploadPhoto, () => replyError(413, 'payload_too_large', profileTexts.photoTooLarge)),
      );
      await anyFile().upload(
        photoInput(section),
        new File([new Uint8Array(pngBytes)], 'me.png', { type: 'image/png' }),
      );
      expect(await within(section).findByText(profileTexts.photoTooLarge)).toBeInTheDocument();
      const preview = within(section).getByRole('img', { name: 'Preview of me.png' });
      expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await events.click(within(section).getByRole('button', { name: 'Try Again' }));
      expect(await within(section).findByText(profileTexts.photoTooLarge)).toBeInTheDocument();
      await events.click(within(section).getByRole('button', { name: 'Cancel' }));
      expect(within(section).queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();
      expect(photoInput(section)).toBeInTheDocument();
    });
  });

  describe('the CV', () => {
    const anyFile = () => userEvent.setup({ applyAccept: false, delay: null });
    const cvField = () => screen.getByRole('group', { name: 'CV' });
    const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
    const cvOf = (overrides: Partial<NonNullable<OwnCv['cv']>> = {}): OwnCv => ({
      cv: {
        name: 'Ada CV.pdf',
        content_type: 'application/pdf',
        byte_size: 52_000,
        uploaded_at: '2026-11-20T10:00:00.000Z',
        visibility: 'related_companies',
        text_status: 'ready',
        ...overrides,
      },
    });

    it('uploads a PDF, typed by its bytes, then says its text is being read', async () => {
      const { server } = await openSettings((fake) => {
        let current: OwnCv = { cv: null };
        fake.on(applicantCvContract.ownCv, () => current);
        fake.on(applicantCvContract.uploadCv, () => {
          current = cvOf({ text_status: 'pending' });
          return current;
        });
      });
      expect(await within(cvField()).findByLabelText('Upload CV')).toBeInTheDocument();
      // A browser may know no type for the file: its first bytes decide.
      await anyFile().upload(within(cvField()).getByLabelText('Upload CV'), new File([pdfBytes], 'Ada CV.pdf'));
      expect(await findNotification(cvTexts.uploaded)).toBeInTheDocument();
      const [sent] = puts(server, '/api/applicant/profile/cv');
      expect(sent?.body).toBeInstanceOf(File);
      expect((sent?.body as File | undefined)?.type).toBe('application/pdf');
      expect(await within(cvField()).findByText(cvTexts.textPending)).toBeInTheDocument();
      expect(within(cvField()).getByRole('link', { name: 'Ada CV.pdf' })).toHaveAttribute(
        'href',
        '/api/applicant/profile/cv/file',
      );
    });

    it('refuses a file that is no PDF or DOCX before sending it, and shows a failed reading', async () => {
      const { server } = await openSettings((fake) => {
        fake.on(applicantCvContract.ownCv, () => cvOf({ text_status: 'failed' }));
      });
      expect(await within(cvField()).findByText(cvTexts.textFailed)).toBeInTheDocument();
      await anyFile().upload(
        within(cvField()).getByLabelText('Replace CV'),
        new File(['just notes'], 'notes.txt', { type: 'text/plain' }),
      );
      expect(await within(cvField()).findByText(cvTexts.unsupportedType)).toBeInTheDocument();
      expect(puts(server, '/api/applicant/profile/cv')).toHaveLength(0);
    });

    it('saves who may download it, and shows the server’s refusal', async () => {
      const { events, server } = await openSettings((fake) => {
        fake.on(applicantCvContract.ownCv, () => cvOf());
        fake.on(applicantCvContract.updateCvVisibility, ({ body }) => cvOf({ visibility: body.visibility }));
      });
      await events.click(await within(cvField()).findByRole('radio', { name: 'Every company' }));
      expect(await findNotification(cvTexts.visibilitySaved)).toBeInTheDocument();
      expect(puts(server, '/api/applicant/profile/cv/visibility')[0]?.body).toEqual({ visibility: 'all_companies' });
      expect(within(cvField()).getByRole('radio', { name: 'Every company' })).toBeChecked();
    });
  });
});
