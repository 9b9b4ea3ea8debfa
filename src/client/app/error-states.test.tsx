import { render, screen } from '@testing-library/react';
import { BriefcaseIcon } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardLoadError } from '~/client/components/dashboard-section';
import { DataList } from '~/client/components/data-list';
import { JobLoadError } from '~/client/jobs/job-page-states';
import { ApiError } from '~/client/lib/api-client';
import { AppCrashed } from './app';

const failure = new ApiError(500, { error: 'Something went wrong on our side.', code: 'internal' }, 'Qm3x-1c9');

// A person reporting a failure quotes the reference their screen shows; it finds the request in the log.
describe('error states show the reference of the failed request', () => {
  it('on the screen of a page that stopped', () => {
    render(<AppCrashed error={failure} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Reference:', { exact: false })).toHaveTextContent('Reference: Qm3x-1c9');
  });

  it('in a dashboard that could not load', () => {
    const queries = [
      { isError: false, error: null, refetch: () => undefined },
      { isError: true, error: failure, refetch: () => undefined },
    ];
    render(<DashboardLoadError message="The dashboard could not load." queries={queries} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Reference: Qm3x-1c9');
  });

  it('in a job page that could not load', () => {
    render(<JobLoadError error={failure} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.Reference: Qm3x-1c9');
  });

  it('in a list that could not load', () => {
    render(
      <MemoryRouter>
        <DataList
          label="Jobs"
          noun="jobs"
          query={{
            isPending: false,
            isError: true,
            isSuccess: false,
            isPlaceholderData: false,
            error: failure,
            refetch: () => undefined,
          }}
          columns={[]}
          rowKey={(item: { id: string }) => item.id}
          search={{
            state: { page: 1, pageSize: 20 },
            setPage: () => undefined,
            isFiltered: false,
            clear: () => undefined,
          }}
          errorTitle="Jobs could not load"
          errorText="Please try again."
          empty={{ icon: BriefcaseIcon, filtered: { title: 'No matching jobs' }, none: { title: 'No jobs yet' } }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Reference: Qm3x-1c9');
  });

  it('and nothing when the request never got an answer (offline)', () => {
    render(<JobLoadError error={new TypeError('Failed to fetch')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Reference');
  });
});
