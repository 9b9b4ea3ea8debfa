import { describe, expect, it } from 'vitest';
import { allowsOptionalCookies, parseConsentCookie } from './cookie-consent';

describe('parseConsentCookie', () => {
  it('reads the choice among other cookies', () => {
    expect(parseConsentCookie('theme=dark; tandem_consent=all; other=1')).toBe('all');
    expect(parseConsentCookie('tandem_consent=essential')).toBe('essential');
  });

  it('treats a missing or unknown value as not yet answered', () => {
    expect(parseConsentCookie(undefined)).toBeNull();
    expect(parseConsentCookie('')).toBeNull();
    expect(parseConsentCookie('tandem_consent=maybe')).toBeNull();
    expect(parseConsentCookie('not_tandem_consent=all')).toBeNull();
  });

  it('allows optional cookies only after "accept all"', () => {
    expect(allowsOptionalCookies('all')).toBe(true);
    expect(allowsOptionalCookies('essential')).toBe(false);
    expect(allowsOptionalCookies(null)).toBe(false);
  });
});
