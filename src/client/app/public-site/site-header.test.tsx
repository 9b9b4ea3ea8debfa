import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

// The header's menus are plain DOM code (header-menus.ts), which the prerendered pages run without React;
// here it runs as the app runs it, on the markup SiteHeader renders.

function renderHeader() {
  render(
    <MemoryRouter>
      <SiteHeader />
      <p>Page</p>
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

// The phone's menu: the second navigation named Main, hidden until opened.
const phoneMenu = () => screen.getAllByRole('navigation', { name: 'Main', hidden: true })[1] as HTMLElement;

describe('SiteHeader', () => {
  it('opens the Services menu, and Escape closes it and gives the focus back', async () => {
    const user = renderHeader();
    const button = screen.getAllByRole('button', { name: 'Services', hidden: true })[0] as HTMLElement;
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('link', { name: 'All Services' })[0]).toBeVisible();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByText('Page'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the phone’s menu, tells what its button does, and closes it after a link', async () => {
    const user = renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = phoneMenu();
    expect(menu).toBeVisible();
    const services = screen.getAllByRole('button', { name: 'Services' })[1] as HTMLElement;
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: 'Lead Generation & Sales' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(menu).not.toBeVisible();
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });
});
