import type { Page } from '@playwright/test';
import { meetingTexts } from '../../src/shared/meetings';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Tandem's video room: two people in two browsers (Chromium's fake camera and microphone, the `media`
// project of playwright.config.ts) join one meeting's room; each receives the other's video and sound,
// read from WebRTC's own statistics; a muted microphone sends no more sound; someone not invited is
// refused. The room's signaling goes over the live socket (docs/decisions/030).

test.use({ permissions: ['camera', 'microphone'] });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

// Keeps each page's peer connections where the test can read their statistics. Test code, in the test:
// the app exposes nothing for it.
async function recordPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const recorded: RTCPeerConnection[] = [];
    Object.assign(window, { recordedPeerConnections: recorded });
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        recorded.push(this);
      }
    };
  });
}

interface MediaFigures {
  connected: number;
  framesDecoded: number;
  videoBytes: number;
  audioBytes: number;
  candidateType: string | null;
}

// What this page receives over its open connections, summed: inbound-rtp of each kind, and the local
// candidate type of the selected pair (host, srflx or relay).
function receivedBy(page: Page): Promise<MediaFigures> {
  return page.evaluate(async () => {
    const connections = (window as unknown as { recordedPeerConnections: RTCPeerConnection[] }).recordedPeerConnections;
    const figures = {
      connected: 0,
      framesDecoded: 0,
      videoBytes: 0,
      audioBytes: 0,
      candidateType: null as string | null,
    };
    for (const connection of connections) {
      if (connection.connectionState !== 'connected') continue;
      figures.connected += 1;
      const stats = await connection.getStats();
      stats.forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') {
          figures.framesDecoded += report.framesDecoded ?? 0;
          figures.videoBytes += report.bytesReceived ?? 0;
        }
        if (report.type === 'inbound-rtp' && report.kind === 'audio') figures.audioBytes += report.bytesReceived ?? 0;
        if (report.type === 'transport' && report.selectedCandidatePairId) {
          const pair = stats.get(report.selectedCandidatePairId);
          figures.candidateType = stats.get(pair?.localCandidateId)?.candidateType ?? null;
        }
      });
    }
    return figures;
  });
}

test('two people hold a call in the meeting’s room: video, sound, mute, chat; someone not invited is refused', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const applicant = await createAccount('applicant', { name: uniqueName('Ada Lovelace'), time_zone: 'Europe/London' });
  await loginAs('company', {
    name: 'Rita Recruiter',
    company_name: uniqueName('Northwind'),
    time_zone: 'Europe/London',
  });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;
  // Five minutes from now: the room is open (from 15 minutes before the start).
  const scheduled = await page.request.post('/api/meetings', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: {
      application_id: application?.id,
      type: 'interview',
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      duration_minutes: 30,
    },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const { join_url: joinUrl } = (await scheduled.json()) as { join_url: string };

  await recordPeerConnections(page);
  const {
    context: applicantContext,
    page: applicantPage,
    errors: applicantErrors,
  } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: applicant.email,
    options: { permissions: ['camera', 'microphone'] },
  });
  await recordPeerConnections(applicantPage);

  // The preview: camera and microphone to choose, then Join.
  await page.goto(joinUrl);
  const preview = page.getByRole('region', { name: 'Ready to join?' });
  await expect(preview.getByRole('combobox', { name: 'Camera' })).toBeEnabled();
  await expect(preview.getByRole('combobox', { name: 'Microphone' })).toBeEnabled();
  await expect(preview.getByLabel('Your camera preview')).toBeVisible();
  await expect(preview.getByText(/^The room is open until the meeting ends at /)).toBeVisible();
  await saveScreenshots(page, 'meeting-room-preview');
  await expectNoSeriousViolations(page);
  await preview.getByRole('button', { name: 'Join the Call' }).click();
  await expect(page.getByRole('heading', { name: 'In the call' })).toBeVisible();

  await applicantPage.goto(joinUrl);
  await applicantPage.getByRole('button', { name: 'Join the Call' }).click();
  const people = (of: Page) => of.getByRole('region', { name: /^People/ });
  await expect(people(applicantPage).getByText('Rita Recruiter')).toBeVisible();
  await expect(people(page).getByText(applicant.name)).toBeVisible();

  // Each receives the other's video (frames decoded) and sound, and keeps receiving.
  for (const side of [page, applicantPage]) {
    await expect.poll(async () => (await receivedBy(side)).framesDecoded, { timeout: 20_000 }).toBeGreaterThan(10);
    const before = await receivedBy(side);
    expect(before.connected).toBe(1);
    await expect
      .poll(async () => {
        const now = await receivedBy(side);
        return now.videoBytes > before.videoBytes && now.audioBytes > before.audioBytes;
      })
      .toBe(true);
  }
  await expect(page.getByRole('list', { name: 'Videos' }).getByLabel(`Video of ${applicant.name}`)).toBeVisible();

  // Rita mutes: Ada receives no more sound while the video goes on.
  await page.getByRole('toolbar', { name: 'Call controls' }).getByRole('button', { name: 'Mute' }).click();
  await expect(people(applicantPage).getByText('microphone off')).toBeVisible();
  // Packets already on their way arrive first: a window after a moment of video, then one to measure.
  const afterMute = async () => {
    const start = await receivedBy(applicantPage);
    await expect
      .poll(async () => (await receivedBy(applicantPage)).videoBytes - start.videoBytes)
      .toBeGreaterThan(100_000);
    return start;
  };
  await afterMute();
  const muted = await receivedBy(applicantPage);
  await afterMute();
  expect((await receivedBy(applicantPage)).audioBytes - muted.audioBytes).toBe(0);
  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect
    .poll(async () => (await receivedBy(applicantPage)).audioBytes, { timeout: 10_000 })
    .toBeGreaterThan(muted.audioBytes);

  // Chat reaches the other side.
  await applicantPage.getByRole('textbox', { name: 'Message' }).fill('Can you hear me now?');
  await applicantPage.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('Can you hear me now?');
  await expect(applicantPage.getByRole('log', { name: 'Chat messages' })).toContainText('You: Can you hear me now?');

  await saveScreenshots(page, 'meeting-room-call');
  await expectNoSeriousViolations(page);

  // Someone with the link who was not invited is refused.
  const stranger = await createAccount('applicant', { name: uniqueName('Sam Stranger') });
  const { context: strangerContext, page: strangerPage } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: stranger.email,
    options: { permissions: ['camera', 'microphone'] },
  });
  await strangerPage.goto(joinUrl);
  await expect(strangerPage.getByText(meetingTexts.roomNotFound)).toBeVisible();
  await expect(strangerPage.getByRole('button', { name: 'Join the Call' })).toHaveCount(0);

  // Ada leaves: Rita's call has her alone again.
  await applicantPage.getByRole('button', { name: 'Leave' }).click();
  await expect(applicantPage.getByRole('heading', { name: 'You left the call' })).toBeVisible();
  await expect(people(page).getByText(applicant.name)).toHaveCount(0);
  await expect(people(page)).toHaveAccessibleName('People (1)');

  expect(applicantErrors).toEqual([]);
  await Promise.all([applicantContext.close(), strangerContext.close()]);
});
