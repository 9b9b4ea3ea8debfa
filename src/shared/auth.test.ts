import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './auth';

describe('safeRedirectPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    for (const path of ['/', '/company/jobs', '/company/jobs?status=open,paused&q=react%20dev', '/jobs/42#apply']) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it('drops anything a browser could turn into another site', () => {
    for (const path of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/ /evil.example',
      '/\u0000/evil.example',
      'evil.example',
      `/${'a'.repeat(3000)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(path), JSON.stringify(path)).toBeNull();
    }
  });
});
