import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantUser } from '~/client/testing/data-generators';
import { applicantApplication, fakeApplicantApi } from '~/client/testing/fake-applicant-api';
import { applicantAttempt } from '~/client/testing/fake-applicant-tests-api';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationTexts } from '~/shared/applications';
import { applicationsContract } from '~/shared/contracts/applications';
import { paths } from '~/shared/routes';

// The applicant dashboard: the five figures linking to their lists, recommended jobs,
// recent applications, honest empty sections, and the spec's error state with Try Again.

async function openDashboard(server = createFakeServer()) {
  const view = await renderRoute(paths.applicantDashboard.getHref(), { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: paths.applicantDashboard.title });
  return view;
}

describe('Applicant dashboard', () => {
  it('shows the figures, each linking to what it counts, and the sections from the API', async () => {
    const server = createFakeServer();
    fakeApplicantApi(server, {
      applications: [
        applicantApplication({ job_title: 'Support Engineer', status: 'interviewing' }),
        applicantApplication({ job_title: 'Bookkeeper', status: 'offered' }),
      ],
      stats: { applications: 2, interviews: 1, offers: 1, saved_jobs: 3, active_hours: 0, active_assignments: 1 },
      recommended: [
        {
          id: '00000000-0000-4000-8000-00000000abcd',
          title: 'React Developer',
          company: 'Northwind',
          location: 'UTC+05:00',
          skills: ['React', 'TypeScript'],
          matching_skills: ['React'],
        },
      ],
    });
    await openDashboard(server);

    const figures = await screen.findByRole('region', { name: 'Your figures' });
    // Skills & Learning: the profile's skills and how complete it is, not a sample bar.
    const skills = await screen.findByRole('region', { name: 'Skills & Learning' });
    expect(await within(skills).findByRole('list', { name: 'Your skills' })).toHaveTextContent('ReactTypeScript');
    expect(within(skills).getByRole('progressbar', { name: 'Profile completeness' })).toBeInTheDocument();
    const card = (label: string) => within(figures).getByRole('link', { name: new RegExp(`^${label}`) });
    expect(card('Applications')).toHaveTextContent('2');
    expect(card('Applications')).toHaveAttribute('href', paths.applicantApplications.getHref());
    expect(card('Interviews')).toHaveAttribute('href', '/applicant/applications?status=interviewing');
    expect(card('Offers')).toHaveAttribute('href', '/applicant/applications?status=offered');
    expect(card('Saved Jobs')).toHaveTextContent('3');
    expect(card('Saved Jobs')).toHaveAttribute('href', '/applicant/applications?tab=saved');
    // docs/spec/portal-and-public-site.md §9: active hours default 0/40.
    expect(card('Active Hours')).toHaveTextContent('0/40');

    const recommended = screen.getByRole('region', { name: 'Recommended Jobs' });
    expect(within(recommended).getByRole('link', { name: 'React Developer' })).toHaveAttribute(
      'href',
      paths.applicantJob.getHref({ id: '00000000-0000-4000-8000-00000000abcd' }),
    );
    expect(within(recommended).getByText('Northwind · UTC+05:00')).toBeInTheDocument();
    expect(within(recommended).getByText('Matches 1 of your skills')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'My Applications' });
    expect(within(recent).getByText('Support Engineer')).toBeInTheDocument();
    expect(within(recent).getByText('Offer')).toBeInTheDocument();

    // Meetings and messages come later: honest empty states, no sample rows.
    expect(
      within(screen.getByRole('region', { name: 'Upcoming Meetings' })).getByText('No upcoming meetings'),
    ).toBeInTheDocument();
    const messages = screen.getByRole('region', { name: 'Recent Messages' });
    expect(within(messages).getByText('No messages yet')).toBeInTheDocument();
    expect(within(messages).getByRole('link', { name: 'View All Messages' })).toHaveAttribute(
      'href',
      paths.applicantMessages.getHref(),
    );
  });

  it('lists the skills tests to take, each with the way into it', async () => {
    const server = createFakeServer();
    const toTake = applicantAttempt({ test: { ...applicantAttempt().test, name: 'Excel Basics', time_limit: 45 } });
    const done = applicantAttempt({ status: 'graded', test: { ...applicantAttempt().test, name: 'Old Quiz' } });
    fakeApplicantApi(server, { tests: [toTake, done] });
    await openDashboard(server);

    const section = await screen.findByRole('region', { name: 'Skills Tests' });
    const list = within(section).getByRole('list', { name: 'Tests to take' });
    expect(list).toHaveTextContent('Excel Basics');
    expect(list).toHaveTextContent('Acme · Support Engineer · 45 min');
    expect(list).toHaveTextContent('Not started');
    expect(list).not.toHaveTextContent('Old Quiz');
    expect(within(section).getByRole('link', { name: 'Start: Excel Basics' })).toHaveAttribute(
      'href',
      paths.applicantTest.getHref({ id: toTake.id }),
    );
    expect(within(section).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/applicant/applications?tab=tests',
    );
  });

  it('says there is no test to take', async () => {
    const server = createFakeServer();
    fakeApplicantApi(server);
    await openDashboard(server);
    const section = await screen.findByRole('region', { name: 'Skills Tests' });
    expect(within(section).getByText('No tests to take.')).toBeInTheDocument();
  });

  it('shows the spec’s error with Try Again, which loads the dashboard once the server answers', async () => {
    const server = createFakeServer();
    fakeApplicantApi(server);
    let isFailing = true;
    server.on(applicationsContract.stats, () =>
      isFailing
        ? replyError(429, 'rate_limited', 'Too many requests. Please wait a moment.')
        : { applications: 0, interviews: 0, offers: 0, saved_jobs: 0, active_hours: 0, active_assignments: 0 },
    );
    const { events } = await openDashboard(server);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(applicationTexts.dashboardLoadError);
    expect(screen.queryByRole('region', { name: 'Your figures' })).not.toBeInTheDocument();

    isFailing = false;
    await events.click(within(alert).getByRole('button', { name: 'Try Again' }));
    const figures = await screen.findByRole('region', { name: 'Your figures' });
    // No assignment yet: no "0/40" to read as falling short.
    expect(within(figures).getByRole('link', { name: /^Active Hours/ })).toHaveTextContent('—');
    expect(within(figures).getByRole('link', { name: /^Active Hours/ })).toHaveTextContent('No assignment yet');
    expect(screen.queryByText(applicationTexts.dashboardLoadError)).not.toBeInTheDocument();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    const server = createFakeServer();
    fakeApplicantApi(server);
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on(applicationsContract.recommendedJobs, async () => {
      await arrived;
      return { items: [] };
    });
    await openDashboard(server);
    expect(screen.getByText('Loading dashboard')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No jobs to recommend right now')).toBeInTheDocument();
  });
});
