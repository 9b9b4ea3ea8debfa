// The visitor's cookie choice, kept in a first-party cookie so both the browser and the server can read it.
export const CONSENT_COOKIE_NAME = 'tandem_consent';
// Consent is asked again after a year (regulators expect at most 13 months).
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const consentChoices = ['essential', 'all'] as const;
export type ConsentChoice = (typeof consentChoices)[number];

export function parseConsentCookie(cookieHeader: string | null | undefined): ConsentChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE_NAME) continue;
    const value = decodeURIComponent(rest.join('='));
    return (consentChoices as readonly string[]).includes(value) ? (value as ConsentChoice) : null;
  }
  return null;
}

// Only "all" allows analytics and other optional cookies; essential ones never need consent.
export function allowsOptionalCookies(choice: ConsentChoice | null): boolean {
  return choice === 'all';
}
