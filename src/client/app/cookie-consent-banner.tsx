import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type CookieConsentPrompt, watchCookieConsent } from './cookie-consent-prompt';

// The cookie banner in the app (cookie-consent-prompt.ts draws it, as on the prerendered pages), read again
// at every page: prerendered HTML cannot know the visitor's cookie, so it shows only once mounted.
export function CookieConsentBanner() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const promptRef = useRef<CookieConsentPrompt | null>(null);
  useEffect(() => {
    const prompt = watchCookieConsent((href) => navigateRef.current(href));
    promptRef.current = prompt;
    return () => {
      prompt.stop();
      promptRef.current = null;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page reads the cookie again
  useEffect(() => {
    promptRef.current?.readAgain();
  }, [pathname]);
  return null;
}
