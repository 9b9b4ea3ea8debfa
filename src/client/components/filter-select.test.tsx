import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';

const statuses = ['open', 'paused', 'closed'] as const;
type Status = (typeof statuses)[number];
const statusLabels: Record<Status, string> = { open: 'Open', paused: 'Paused', closed: 'Closed' };

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('FilterSelect', () => {
  it('offers "all" first, then each option by its label, and shows null as "all"', () => {
    render(
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value={null}
        options={statuses}
        labels={statusLabels}
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(optionTexts(select)).toEqual(['All statuses', 'Open', 'Paused', 'Closed']);
    expect(select).toHaveValue('');
  });

  it('hands back the chosen value, typed, and null for the "all" option', async () => {
    const onChange = vi.fn<(status: Status | null) => void>();
    const user = userEvent.setup({ delay: null });
    render(
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value="open"
        options={statuses}
        labels={statusLabels}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveValue('open');

    await user.selectOptions(select, 'Paused');
    expect(onChange).toHaveBeenLastCalledWith('paused');
    await user.selectOptions(select, 'All statuses');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('without "all", always shows one option and ignores a value that is not one of them', async () => {
    const onChange = vi.fn<(status: Status) => void>();
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <label htmlFor="sort">Sort by</label>
        <FilterSelect
          id="sort"
          className="sm:w-40"
          value="paused"
          options={statuses}
          labels={(status) => `${statusLabels[status]} first`}
          onChange={onChange}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(optionTexts(select)).toEqual(['Open first', 'Paused first', 'Closed first']);
    expect(select).toHaveValue('paused');
    expect(select.parentElement).toHaveClass('sm:w-40');

    // An option the component did not render (a stale or injected one) never reaches the caller.
    const stray = document.createElement('option');
    stray.value = 'archived';
    stray.textContent = 'Archived';
    select.append(stray);
    await user.selectOptions(select, 'Archived');
    expect(onChange).not.toHaveBeenCalled();

    await user.selectOptions(select, 'Closed first');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('closed');
  });
});
