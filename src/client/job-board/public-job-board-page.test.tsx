import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerData } from '~/client/lib/page-data';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { type JobBoardPageData, jobBoardSearchKey, type PublicJobListing } from '~/shared/job-board';
import { paths } from '~/shared/routes';
import { PAGE_DATA_ID } from '~/shared/static-pages';

// /jobs: the public board searches on the server as the address says, shows its loading, empty and error
// states, and starts from the results the server rendered it with, without asking again.

function listing(title: string): PublicJobListing {
  return {
    id: fakeId(),
    title,
    company_name: 'Northwind',
    excerpt: 'Lead a team of five support agents.',
    engagement_type: 'hourly',
    budget_min: 25,
    budget_max: 35,
    budget_total: null,
    currency: 'USD',
    weekly_hours: 40,
    skill_tags: ['Zendesk'],
    timezone: 'UTC-05:00',
    status: 'open',
    published_at: '2026-11-20T10:00:00.000Z',
  };
}

const page = (items: PublicJobListing[], total = items.length) => ({ items, total, page: 1, page_size: 20 });

afterEach(() => {
  forgetServerData();
});

describe('the public job board', () => {
  it('asks the server for the search in its address and links each job to its public page', async () => {
    const job = listing('Customer Support Lead');
    const server = createFakeServer();
    server.on(jobBoardContract.publicJobs, () => page([job]));
    await renderRoute(`${paths.jobBoard.getHref()}?q=support&engagement_type=hourly`, { server });

    const card = await screen.findByRole('article', { name: job.title });
    expect(within(card).getByRole('link', { name: job.title })).toHaveAttribute(
      'href',
      paths.jobPost.getHref({ id: job.id }),
    );
    expect(within(card).getByText('$25–35/hr')).toBeInTheDocument();
    expect(within(card).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('1 job found')).toBeInTheDocument();
    const query = server.requests.find((request) => request.path === jobBoardContract.publicJobs.path)?.query;
    expect(query?.get('q')).toBe('support');
    expect(query?.get('engagement_type')).toBe('hourly');
  });

  it('says when no job matches, and offers to clear the search', async () => {
    const server = createFakeServer();
    server.on(jobBoardContract.publicJobs, () => page([]));
    await renderRoute(`${paths.jobBoard.getHref()}?q=astronaut`, { server });
    expect(await screen.findByRole('heading', { name: 'No jobs match your search' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Clear Filters' }).length).toBeGreaterThan(0);
  });

  it('says when the jobs could not be loaded, and tries again', async () => {
    const server = createFakeServer();
    let calls = 0;
    server.on(jobBoardContract.publicJobs, () => {
      calls += 1;
      return calls === 1 ? replyError(500, 'internal', 'Something went wrong.') : page([listing('Bookkeeper')]);
    });
    await renderRoute(paths.jobBoard.getHref(), { server });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    retry.click();
    expect(await screen.findByRole('article', { name: 'Bookkeeper' })).toBeInTheDocument();
  });

  it('starts from the results the server rendered it with, without asking again', async () => {
    const job = listing('Rendered job');
    const data: JobBoardPageData = { search: jobBoardSearchKey({ q: 'rendered' }), list: page([job]) };
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_DATA_ID;
    script.textContent = JSON.stringify({ url: `${paths.jobBoard.getHref()}?q=rendered`, data });
    document.body.append(script);
    const server = createFakeServer();
    await renderRoute(`${paths.jobBoard.getHref()}?q=rendered`, { server });

    expect(await screen.findByRole('article', { name: job.title })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 job found')).toBeInTheDocument());
    expect(server.requests.filter((request) => request.path === jobBoardContract.publicJobs.path)).toEqual([]);
  });
});
