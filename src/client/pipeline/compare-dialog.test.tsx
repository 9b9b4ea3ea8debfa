import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedApplicationDrawer } from '~/client/testing/application-drawer-fixture';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { applicationStatuses } from '~/shared/application-statuses';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import type { ApplicationDetail } from '~/shared/pipeline';
import { paths } from '~/shared/routes';

// Comparing candidates side by side (Greenhouse's compare): pick two to four applications on a job's list,
// Compare opens them in columns — stage, proposal, ratings, tests, profile, the start of the cover letter —
// and a name opens that application's drawer.
async function openList({ failSecond = false } = {}) {
  const server = createFakeServer();
  let details: ApplicationDetail[] = [];
  const { job, detail } = seedApplicationDrawer(server, {
    proposal_rate: 45,
    cover_letter: 'I have run support for two SaaS companies and built their help centers from scratch.',
    rating: { mine: null, average: 4.5, count: 2 },
    test_results: [
      {
        test_id: fakeId(),
        test_name: 'Support Writing',
        test_type: 'written',
        pass_rate: 70,
        attempt: { id: fakeId(), status: 'graded', score: 86, passed: true, submitted_at: null, pending_reviews: 0 },
      },
    ],
  });
  const grace: ApplicationDetail = {
    ...detail,
    applicant: {
      ...detail.applicant,
      headline: 'Support lead',
      skills: ['Zendesk', 'Writing'],
      experience_level: 'expert',
      location: 'Lisbon',
    },
  };
  const alan: ApplicationDetail = {
    ...detail,
    id: fakeId(),
    applicant: { ...detail.applicant, id: fakeId(), name: 'Alan Turing', headline: null, skills: [] },
    proposal_rate: 38,
    cover_letter: '',
    rating: { mine: null, average: null, count: 0 },
    test_results: [],
  };
  details = [grace, alan];
  // After the fixture's own answers: a later answer replaces an earlier one.
  server.on(jobsContract.applications, () => {
    const items: JobApplication[] = details.map((detail) => ({
      id: detail.id,
      job_id: detail.job.id,
      job_title: detail.job.title,
      applicant_id: detail.applicant.id,
      applicant_name: detail.applicant.name,
      applicant_headline: detail.applicant.headline,
      status: detail.status,
      proposal_rate: detail.proposal_rate,
      proposal_price_cents: null,
      currency: 'USD',
      created_at: detail.created_at,
      is_new: false,
      average_rating: detail.rating.average,
      rating_count: detail.rating.count,
      test_state: 'none',
      source: 'tandem',
      referrer_name: null,
      interview_stage_id: null,
    }));
    const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as JobApplicationList['counts'];
    counts.interviewing = items.length;
    return { items, total: items.length, page: 1, page_size: 20, counts, interview_stage_counts: {}, new_count: 0 };
  });
  server.on(pipelineContract.get, ({ params }) => {
    if (failSecond && params.id === details[1]?.id) return replyError(500, 'internal', 'Something went wrong.');
    return details.find((detail) => detail.id === params.id) ?? replyError(404, 'not_found', 'Not found.');
  });
  const view = await renderRoute(`${paths.companyJob.getHref({ id: job.id })}?view=list`, {
    user: companyUser(),
    server,
  });
  return { ...view, grace, alan };
}

describe('comparing candidates', () => {
  it('puts two selected applications side by side, and opens one from its name', async () => {
    const { events } = await openList();
    const table = await screen.findByRole('table', { name: 'Applications' });
    const graceRow = await within(table).findByRole('row', { name: /Grace Hopper/ });
    await events.click(within(graceRow).getByRole('checkbox'));
    const compare = screen.getByRole('button', { name: 'Compare (1)' });
    expect(compare).toBeDisabled();
    await events.click(within(within(table).getByRole('row', { name: /Alan Turing/ })).getByRole('checkbox'));
    await events.click(screen.getByRole('button', { name: 'Compare (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Compare 2 candidates' });
    const sideBySide = within(dialog).getByRole('table', { name: 'The selected candidates, one column each' });
    expect(await within(sideBySide).findByRole('button', { name: 'Alan Turing' })).toBeInTheDocument();
    const rowText = (label: string) =>
      within(sideBySide).getByRole('row', { name: new RegExp(`^${label}`) }).textContent;
    expect(rowText('Proposal')).toBe('Proposal$45/hr$38/hr');
    expect(rowText('Tests')).toBe('TestsSupport Writing: 86%, passedNot given');
    expect(rowText('Experience')).toBe('ExperienceExpertNot given');
    expect(rowText('Skills')).toBe('SkillsZendesk, WritingNot given');
    expect(rowText('Cover letter')).toContain('built their help centers');
    expect(rowText('Cover letter')).toContain('Not given');

    await events.click(within(sideBySide).getByRole('button', { name: 'Grace Hopper' }));
    expect(screen.queryByRole('dialog', { name: 'Compare 2 candidates' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: /Grace Hopper/ })).toBeInTheDocument();
  });

  it('says which column could not load, and tries it again', async () => {
    const { events } = await openList({ failSecond: true });
    const table = await screen.findByRole('table', { name: 'Applications' });
    await events.click(within(await within(table).findByRole('row', { name: /Grace Hopper/ })).getByRole('checkbox'));
    await events.click(within(within(table).getByRole('row', { name: /Alan Turing/ })).getByRole('checkbox'));
    await events.click(screen.getByRole('button', { name: 'Compare (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare 2 candidates' });
    expect(await within(dialog).findByText('Not loaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
  });
});
