import {
  CONSENT_COOKIE_NAME,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentChoice,
  parseConsentCookie,
} from '~/shared/cookie-consent';

export function getCookieConsent(): ConsentChoice | null {
  return parseConsentCookie(document.cookie);
}

export function saveCookieConsent(choice: ConsentChoice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE_NAME}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
