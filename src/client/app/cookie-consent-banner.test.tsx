import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE_NAME } from '~/shared/cookie-consent';
import { CookieConsentBanner } from './cookie-consent-banner';

// The banner asks until the visitor chooses, and reads the choice from the cookie itself: a choice made
// in another tab, or while a page was still loading, closes it at the next page or when the tab shows.

const chooseElsewhere = (choice: string) => {
  document.cookie = `${CONSENT_COOKIE_NAME}=${choice}; Path=/`;
};

function renderBanner() {
  const page = (name: string, next: string) => (
    <>
      <p>{name}</p>
      <Link to={next}>Next page</Link>
      <CookieConsentBanner />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Home', '/about') },
      { path: '/about', element: page('About', '/') },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup({ delay: null });
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('CookieConsentBanner', () => {
  afterEach(() => {
    document.cookie = `${CONSENT_COOKIE_NAME}=; Max-Age=0; Path=/`;
    document.documentElement.style.removeProperty('--cookie-banner-height');
  });

  it('asks until the visitor chooses, then keeps the choice in the cookie', async () => {
    const user = renderBanner();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Essential only' }));
    expect(banner()).toBeNull();
    expect(document.cookie).toContain(`${CONSENT_COOKIE_NAME}=essential`);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('About')).toBeInTheDocument();
    expect(banner()).toBeNull();
  });

  it('closes at the next page when the choice was made elsewhere', async () => {
    const user = renderBanner();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    chooseElsewhere('all');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('About')).toBeInTheDocument();
    expect(banner()).toBeNull();
  });

  it('closes when the tab comes back into view after a choice made elsewhere', async () => {
    renderBanner();
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    chooseElsewhere('essential');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(banner()).toBeNull();
  });
});
