import { buttonVariants } from '~/client/components/ui/button-variants';
import { getCookieConsent, saveCookieConsent } from '~/client/lib/cookie-consent';
import type { ConsentChoice } from '~/shared/cookie-consent';
import { paths } from '~/shared/routes';

// The cookie banner, as plain DOM code: the prerendered pages run it without React (decision 005), and
// CookieConsentBanner runs the same code in the app. It floats over the bottom of the page, under dialogs
// (z-50, which also hide it from screen readers and pointers while open) and under the public header's
// menu (z-40). While it shows, the page keeps room for it (the body's bottom padding), and
// --cookie-banner-height lets what floats at the bottom (the Support button) sit above it.

export interface CookieConsentPrompt {
  // Reads the cookie again: the banner shows while the visitor has yet to choose.
  readAgain(): void;
  stop(): void;
}

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className: string,
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[Tag] {
  const created = document.createElement(tag);
  created.className = className;
  created.append(...children);
  return created;
}

// Whether the visitor has yet to choose is read from the cookie itself rather than kept: at start, at every
// page of the app, and whenever the tab comes back into view. A choice made anywhere (another tab, or this
// one while a page was loading, or a page restored from the back-forward cache) closes the banner, and it
// never opens again once the cookie holds a choice. `navigate` follows the policy link inside the app.
export function watchCookieConsent(navigate?: (href: string) => void): CookieConsentPrompt {
  const controller = new AbortController();
  const { signal } = controller;
  const root = document.documentElement;
  let banner: HTMLElement | null = null;
  let observer: ResizeObserver | null = null;

  function close() {
    observer?.disconnect();
    banner?.remove();
    banner = null;
    observer = null;
    document.body.style.paddingBottom = '';
    root.style.removeProperty('--cookie-banner-height');
  }

  function choose(choice: ConsentChoice) {
    saveCookieConsent(choice);
    close();
  }

  function open() {
    const policy = element('a', 'font-medium text-primary underline underline-offset-2', ['Cookie Policy']);
    policy.href = paths.cookies.getHref();
    policy.addEventListener('click', (event) => {
      if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(policy.pathname);
    });
    const essential = element('button', buttonVariants({ variant: 'outline' }), ['Essential only']);
    const all = element('button', buttonVariants(), ['Accept all']);
    for (const [button, choice] of [
      [essential, 'essential'],
      [all, 'all'],
    ] as const) {
      button.type = 'button';
      button.addEventListener('click', () => choose(choice));
    }
    const opened = element(
      'section',
      'fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.08)]',
      [
        element('div', 'mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between', [
          element('p', 'text-sm text-muted-foreground', [
            'We use essential cookies to keep Tandem secure and signed in. With your permission we also use optional cookies to understand how the site is used. Read our ',
            policy,
            '.',
          ]),
          element('div', 'flex shrink-0 gap-2', [essential, all]),
        ]),
      ],
    );
    opened.setAttribute('aria-label', 'Cookie consent');
    document.body.append(opened);
    observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${opened.offsetHeight}px`;
      root.style.setProperty('--cookie-banner-height', `${opened.offsetHeight}px`);
    });
    observer.observe(opened);
    banner = opened;
  }

  function readAgain() {
    const isUndecided = getCookieConsent() === null;
    if (isUndecided && !banner) open();
    else if (!isUndecided) close();
  }

  const readWhenVisible = () => {
    if (document.visibilityState === 'visible') readAgain();
  };
  document.addEventListener('visibilitychange', readWhenVisible, { signal });
  window.addEventListener('pageshow', readWhenVisible, { signal });
  window.addEventListener('focus', readWhenVisible, { signal });
  readAgain();

  return {
    readAgain,
    stop() {
      controller.abort();
      close();
    },
  };
}
