import { describe, expect, it } from 'vitest';
import { describeLastActive, describeUserAgent } from './describe-session';

describe('session rows', () => {
  it('name the browser and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(describeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });

  it('say how long ago a session was used', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(describeLastActive('2026-11-22T11:59:30Z', now)).toBe('Active now');
    expect(describeLastActive('2026-11-22T11:55:00Z', now)).toMatch(/^Last active 5 minutes ago$/);
    expect(describeLastActive('2026-11-21T12:00:00Z', now)).toMatch(/^Last active yesterday$/);
  });
});
