import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useChangeSearch } from './list-search';

function Filters() {
  const changeSearch = useChangeSearch();
  const { pathname, search } = useLocation();
  return (
    <>
      <output aria-label="Address">{`${pathname}${search}`}</output>
      {/* Two changes before the router renders the first: a tab, then a select, on a busy machine. */}
      <button
        type="button"
        onClick={() => {
          changeSearch({ stage: 'interviewing' });
          changeSearch({ job: 'j7', page: null });
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => changeSearch({ q: 'ada' }, { replace: true })}>
        Search
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/company/applications', element: <Filters /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

// useChangeSearch: each change builds on the address the one before it wrote, not on the last render's.
describe('useChangeSearch', () => {
  it('keeps both of two changes made before the page renders the first', async () => {
    const router = renderAt('/company/applications?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/company/applications?stage=interviewing&job=j7',
    );
    // Two history entries, one for each change.
    router.navigate(-1);
    await expect.poll(() => router.state.location.search).toBe('?page=3&stage=interviewing');
  });

  it('builds on an address reached by other means, and replaces the entry when asked', async () => {
    const router = renderAt('/company/applications?stage=hired');
    await router.navigate('/company/applications?stage=offered');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?stage=offered&q=ada');
    router.navigate(-1);
    await expect.poll(() => router.state.location.search).toBe('?stage=hired');
  });
});
