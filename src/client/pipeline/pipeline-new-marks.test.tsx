import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId, jobFromInput } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type ApplicationStatus, applicationStatuses, applicationStatusesNeverNew } from '~/shared/applications';
import { jobsContract } from '~/shared/contracts/jobs';
import type { JobApplication, JobApplicationList } from '~/shared/jobs';
import { paths } from '~/shared/routes';

// The job page's "new" (applicationStatusesNeverNew): the count and the marks the Jobs list announced,
// on every page of the visit, though the page marks the applications seen as soon as it shows them.

const lastOpened = '2026-03-10T00:00:00.000Z';
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

// 25 applications, newest first: 23 arrived since the job's applications were last opened (one of them
// settled, so not new), 2 before.
function applicationsOf(jobId: string): JobApplication[] {
  return Array.from({ length: 25 }, (_, index) => {
    const status: ApplicationStatus = index === 3 ? 'rejected' : 'submitted';
    return {
      id: fakeId(),
      job_id: jobId,
      job_title: 'Night Support',
      applicant_id: fakeId(),
      applicant_name: `Applicant ${index + 1}`,
      applicant_headline: null,
      status,
      proposal_rate: null,
      proposal_price_cents: null,
      currency: 'USD',
      created_at: minutesAfter(lastOpened, index < 23 ? 100 - index : -10 - index),
      is_new: false,
      average_rating: null,
      rating_count: 0,
      test_state: 'none',
      source: 'tandem',
      referrer_name: null,
      interview_stage_id: null,
    };
  });
}

describe('a job’s new applications', () => {
  it('stay marked on every page of the visit, as many as the Jobs list said', async () => {
    const server = createFakeServer();
    let seenAt: string | null = lastOpened;
    const job = jobFromInput({ title: 'Night Support', status: 'open' }, { applications_count: 25 });
    const applications = applicationsOf(job.id);
    // The server's rule: new since the moment asked for, else since the applications were last opened.
    const isNew = (application: JobApplication, since: string | null) =>
      (since === null || application.created_at > since) &&
      !(applicationStatusesNeverNew as readonly string[]).includes(application.status);
    server.on(jobsContract.get, () => ({
      ...job,
      applications_seen_at: seenAt,
      new_applications_count: applications.filter((application) => isNew(application, seenAt)).length,
    }));
    server.on(jobsContract.applications, ({ query }) => {
      const since = query.get('new_since') ?? seenAt;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('page_size') ?? 20);
      const items = applications
        .slice((page - 1) * pageSize, page * pageSize)
        .map((application) => ({ ...application, is_new: isNew(application, since) }));
      const counts = Object.fromEntries(
        applicationStatuses.map((status) => [status, 0]),
      ) as JobApplicationList['counts'];
      for (const application of applications) counts[application.status] += 1;
      const newCount = applications.filter((application) => isNew(application, since)).length;
      return {
        items,
        total: applications.length,
        page,
        page_size: pageSize,
        counts,
        interview_stage_counts: {},
        new_count: newCount,
      };
    });
    server.on(jobsContract.markApplicationsSeen, () => {
      seenAt = new Date().toISOString();
      return { applications_seen_at: seenAt };
    });
    const { events } = await renderRoute(paths.companyJob.getHref({ id: job.id }), { user: companyUser(), server });

    const pipeline = await screen.findByRole('region', { name: 'Applications' });
    await within(pipeline).findByText('25 applications · 22 new · 0 of 1 opening filled');
    expect(within(pipeline).getAllByText('New', { exact: true })).toHaveLength(19);
    await waitFor(() =>
      expect(server.requests.some((request) => request.path.endsWith('/applications/seen'))).toBe(true),
    );

    // Seen now, yet the next page still marks the rest of what was new when the visit began.
    await events.click(within(pipeline).getByRole('button', { name: 'Next page' }));
    await within(pipeline).findByText('Applicant 21');
    expect(within(pipeline).getAllByText('New', { exact: true })).toHaveLength(3);
    expect(within(pipeline).getByText('25 applications · 22 new · 0 of 1 opening filled')).toBeVisible();
  });
});
