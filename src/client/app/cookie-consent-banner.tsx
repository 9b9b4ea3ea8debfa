import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { getCookieConsent, saveCookieConsent } from '~/client/lib/cookie-consent';
import type { ConsentChoice } from '~/shared/cookie-consent';
import { paths } from '~/shared/routes';

// Whether the visitor has yet to choose, read from the cookie itself rather than kept: at mount, at every
// page, and whenever the tab comes back into view. A choice made anywhere (another tab, or this one while a
// page was loading, or a page restored from the back-forward cache) closes the banner, and it never opens
// again once the cookie holds a choice.
function useIsUndecided(): [boolean, () => void] {
  const { pathname } = useLocation();
  // Unknown until mounted: prerendered HTML cannot know the visitor's cookie.
  const [isUndecided, setIsUndecided] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page reads the cookie again
  useEffect(() => {
    setIsUndecided(getCookieConsent() === null);
  }, [pathname]);
  useEffect(() => {
    const readAgain = () => {
      if (document.visibilityState === 'visible') setIsUndecided(getCookieConsent() === null);
    };
    document.addEventListener('visibilitychange', readAgain);
    window.addEventListener('pageshow', readAgain);
    window.addEventListener('focus', readAgain);
    return () => {
      document.removeEventListener('visibilitychange', readAgain);
      window.removeEventListener('pageshow', readAgain);
      window.removeEventListener('focus', readAgain);
    };
  }, []);
  return [isUndecided, () => setIsUndecided(false)];
}

// The banner floats over the bottom of the page, under dialogs (z-50, which also hide it from screen
// readers and pointers while open) and under the public header's menu (z-40). While it shows, the page
// keeps room for it (the body's bottom padding), and --cookie-banner-height lets what floats at the bottom
// (the Support button) sit above it rather than under it.
export function CookieConsentBanner() {
  const [isOpen, close] = useIsUndecided();
  const bannerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!isOpen || !banner) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
      root.style.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [isOpen]);

  if (!isOpen) return null;

  function choose(choice: ConsentChoice) {
    saveCookieConsent(choice);
    close();
  }

  return (
    <section
      ref={bannerRef}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          We use essential cookies to keep Tandem secure and signed in. With your permission we also use optional
          cookies to understand how the site is used. Read our{' '}
          <Link to={paths.cookies.getHref()} className="font-medium text-primary underline underline-offset-2">
            Cookie Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => choose('essential')}>
            Essential only
          </button>
          <button type="button" className={buttonVariants()} onClick={() => choose('all')}>
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}
