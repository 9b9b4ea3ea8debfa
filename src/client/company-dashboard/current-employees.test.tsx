import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DashboardEmployee } from '~/shared/companies';
import { CurrentEmployeesSection } from './dashboard-cards';

// Current Employees' status (docs/spec/portal-and-public-site.md §4: 'on-shift, on break, offline'): from each
// person's clock, in words beside the dot, so it reads without colour and to a screen reader.

function employee(overrides: Partial<DashboardEmployee>): DashboardEmployee {
  return {
    id: crypto.randomUUID(),
    applicant_id: crypto.randomUUID(),
    name: 'Ada Talent',
    role: 'Support Engineer',
    engagement_type: 'hourly',
    status: 'active',
    online: false,
    shift_status: 'offline',
    ...overrides,
  };
}

describe('Current Employees', () => {
  it('says who is on shift, on a break, offline or starting soon', () => {
    const items = [
      employee({ name: 'Grace Hopper', shift_status: 'on_shift' }),
      employee({ name: 'Alan Turing', shift_status: 'on_break' }),
      employee({ name: 'Ada Lovelace', shift_status: 'offline', online: true }),
      employee({ name: 'Edsger Dijkstra', status: 'pending' }),
    ];
    const router = createMemoryRouter([
      { path: '/', element: <CurrentEmployeesSection employees={{ items, total: items.length }} /> },
    ]);
    render(<RouterProvider router={router} />);
    const people = within(screen.getByRole('region', { name: 'Current Employees' })).getAllByRole('listitem');
    expect(people.map((person) => person.textContent)).toEqual([
      'Grace HopperSupport EngineerOn shift',
      'Alan TuringSupport EngineerOn break',
      'Ada LovelaceSupport EngineerOffline',
      'Edsger DijkstraSupport EngineerStarting soon',
    ]);
  });

  it('links a fixed-price hire to its contract, where its milestones are', () => {
    const fixed = employee({ name: 'Milo Milestone', role: 'Landing page redesign', engagement_type: 'fixed' });
    const router = createMemoryRouter([
      { path: '/', element: <CurrentEmployeesSection employees={{ items: [fixed], total: 1 }} /> },
      { path: '/company/contracts/:id', element: <p>The contract</p> },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Landing page redesign · Fixed-price contract' });
    expect(link).toHaveAttribute('href', `/company/contracts/${fixed.id}`);
    // The contract page's back link returns to the dashboard (fixed-price/contract-page.tsx).
    fireEvent.click(link);
    expect(screen.getByText('The contract')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: 'dashboard' });
  });
});
