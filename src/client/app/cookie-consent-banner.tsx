import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { getCookieConsent, saveCookieConsent } from '~/client/lib/cookie-consent';
import type { ConsentChoice } from '~/shared/cookie-consent';
import { paths } from '~/shared/routes';

export function CookieConsentBanner() {
  // Unknown until mounted: prerendered HTML cannot know the visitor's cookie.
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    setIsOpen(getCookieConsent() === null);
  }, []);

  // The banner floats over the page: room at the bottom keeps the page's last controls reachable.
  const bannerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!isOpen || !banner) return;
    const observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${banner.offsetHeight}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [isOpen]);

  if (!isOpen) return null;

  function choose(choice: ConsentChoice) {
    saveCookieConsent(choice);
    setIsOpen(false);
  }

  return (
    <section
      ref={bannerRef}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
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
