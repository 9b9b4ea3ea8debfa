import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CompanyDashboard } from '~/shared/companies';
import { paths } from '~/shared/routes';
import { JobPipelineSection } from './dashboard-cards';

// The Job Pipeline card (docs/spec/portal-and-public-site.md §2): its columns as the server counts them, each
// job's applications, and the paused jobs it leaves out said in a line that opens them on the Jobs list.

const job = (id: string, title: string, stage: 'draft' | 'open' | 'interviewing', applicantCount: number) => ({
  id,
  title,
  stage,
  applicant_count: applicantCount,
});

function renderPipeline(pipeline: NonNullable<CompanyDashboard['pipeline']>, pausedJobs: number) {
  const router = createMemoryRouter([
    { path: '/', element: <JobPipelineSection pipeline={pipeline} pausedJobs={pausedJobs} /> },
  ]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('region', { name: 'Job Pipeline' });
}

describe('Job Pipeline', () => {
  it('lists an open job with interviews under both Open and Interviewing, and says how many jobs are paused', () => {
    const title = 'Senior Customer Support Specialist for the Asia Pacific Night Shift';
    const card = renderPipeline(
      {
        draft: { items: [], total: 0 },
        open: { items: [job('a', title, 'open', 1), job('b', 'Bookkeeper', 'open', 0)], total: 2 },
        interviewing: { items: [job('a', title, 'interviewing', 1)], total: 1 },
      },
      2,
    );
    const column = (name: RegExp) => within(card).getByRole('region', { name });
    expect(column(/^Open/)).toHaveTextContent(`Open2${title}1 applicationBookkeeper0 applications`);
    expect(column(/^Interviewing/)).toHaveTextContent(`Interviewing1${title}1 application`);
    expect(column(/^Draft/)).toHaveTextContent('Draft0None');
    expect(card).toHaveTextContent('2 paused jobs are not in the pipeline.');
    expect(within(card).getByRole('link', { name: 'Show paused jobs' })).toHaveAttribute(
      'href',
      `${paths.companyJobs.getHref()}?status=paused`,
    );
  });

  it('says nothing of paused jobs when there are none', () => {
    const card = renderPipeline(
      {
        draft: { items: [job('d', 'Draft role', 'draft', 0)], total: 1 },
        open: { items: [], total: 0 },
        interviewing: { items: [], total: 0 },
      },
      0,
    );
    expect(card).not.toHaveTextContent(/paused/);
  });
});
