import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { jobBoardContract } from '~/shared/contracts/job-board';
import type { PublicJobView, PublicJobViewer } from '~/shared/job-board';
import { paths } from '~/shared/routes';

// /jobs/:id offers what fits whoever reads it: the signed-out sign in (or register) and come back to the
// apply dialog, a signed-in applicant applies or sees they applied, other roles are told applying is for
// talent accounts.

function publicJob(viewer: PublicJobViewer | null): PublicJobView {
  return {
    id: fakeId(),
    title: 'Customer Support Lead',
    company_name: 'Northwind',
    engagement_type: 'hourly',
    budget_min: 25,
    budget_max: 35,
    budget_total: null,
    currency: 'USD',
    weekly_hours: 40,
    skill_tags: ['Zendesk'],
    timezone: 'UTC-05:00',
    status: 'open',
    published_at: new Date().toISOString(),
    description: 'Lead a team of five support agents.',
    start_date: null,
    closes_on: '2099-12-31',
    applicant_locations: ['US', 'CA-ON'],
    required_certs: [],
    required_tests: [],
    screening_questions: [],
    company: {
      name: 'Northwind',
      about: 'We sell outdoor gear online.',
      size: '11-50',
      location: 'Portland, Oregon',
      website: 'https://northwind.example',
      member_since: '2026-01-15T10:00:00.000Z',
      jobs_posted: 12,
      hires_made: 3,
      payment_verified: true,
      rating: 4.6,
      review_count: 5,
    },
    viewer,
  };
}

async function openJob(viewer: PublicJobViewer | null) {
  const job = publicJob(viewer);
  const server = createFakeServer();
  server.on(jobBoardContract.publicJob, () => job);
  await renderRoute(paths.jobPost.getHref({ id: job.id }), { server });
  await screen.findByRole('heading', { level: 1, name: job.title });
  return { job, article: screen.getByRole('article') };
}

const applyDialogHref = (jobId: string) => `${paths.applicantJob.getHref({ id: jobId })}?apply=1`;

describe('the public job page', () => {
  it('asks a visitor to sign in or register, and brings them back to apply', async () => {
    const { job, article } = await openJob(null);
    const back = encodeURIComponent(applyDialogHref(job.id));
    for (const link of within(article).getAllByRole('link', { name: 'Apply Now' }))
      expect(link).toHaveAttribute('href', `${paths.login.getHref()}?redirect=${back}`);
    expect(within(article).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `${paths.login.getHref()}?redirect=${back}`,
    );
    expect(within(article).getByRole('link', { name: 'create a free account' })).toHaveAttribute(
      'href',
      `${paths.login.getHref()}?tab=register&as=applicant&redirect=${back}`,
    );
  });

  it('shows the company beside its job: its record on Tandem and the rating talent gave it', async () => {
    await openJob(null);
    const profile = screen.getByRole('region', { name: 'About Northwind' });
    expect(within(profile).getByText('Payment verified')).toBeInTheDocument();
    expect(within(profile).getByText('Hires made').nextElementSibling).toHaveTextContent('3');
    expect(within(profile).getByText('Rating from talent').nextElementSibling).toHaveTextContent(
      '4.6out of 5(5 reviews)',
    );
  });

  it('lets a signed-in applicant apply, without asking them to sign in', async () => {
    const { job, article } = await openJob({ role: 'applicant', application: null });
    const apply = within(article).getAllByRole('link', { name: 'Apply Now' });
    expect(apply).toHaveLength(2);
    for (const link of apply) expect(link).toHaveAttribute('href', applyDialogHref(job.id));
    expect(within(article).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(within(article).queryByText(/sign in/i)).not.toBeInTheDocument();
  });

  it('tells an applicant who applied already, with the way to their application', async () => {
    const { job, article } = await openJob({
      role: 'applicant',
      application: { id: fakeId(), status: 'shortlisted', created_at: new Date().toISOString() },
    });
    expect(within(article).getByText('You applied to this job')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'See your application' })).toHaveAttribute(
      'href',
      paths.applicantJob.getHref({ id: job.id }),
    );
    expect(within(article).queryByRole('link', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('offers a company user or an administrator no Apply, and says why', async () => {
    for (const [role, account, dashboard] of [
      ['company', 'a company account', paths.companyDashboard.getHref()],
      ['admin', 'an administrator account', paths.adminDashboard.getHref()],
    ] as const) {
      const { article } = await openJob({ role, application: null });
      expect(within(article).queryByRole('link', { name: 'Apply Now' })).not.toBeInTheDocument();
      expect(within(article).queryByText(/sign in or/i)).not.toBeInTheDocument();
      expect(
        within(article).getByText(
          `Talent applies to jobs from an applicant account; you are signed in with ${account}.`,
          {
            exact: false,
          },
        ),
      ).toBeInTheDocument();
      expect(within(article).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', dashboard);
      cleanup();
    }
  });
});
