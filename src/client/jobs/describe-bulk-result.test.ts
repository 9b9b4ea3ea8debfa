import { describe, expect, it } from 'vitest';
import { describeBulkResult } from './describe-bulk-result';

describe('describeBulkResult', () => {
  it('names the action and counts the updated jobs', () => {
    expect(
      describeBulkResult('pause', {
        updated: 3,
        results: ['a', 'b', 'c'].map((id) => ({ id, outcome: 'updated' as const, status: 'paused' as const })),
      }),
    ).toEqual({ title: 'Jobs paused', description: '3 jobs paused.', isFailure: false });
    expect(
      describeBulkResult('resume', { updated: 1, results: [{ id: 'a', outcome: 'updated', status: 'open' }] }),
    ).toEqual({ title: 'Jobs resumed', description: '1 job resumed.', isFailure: false });
  });

  it('groups the skipped jobs by the reason the server gave, and counts the missing ones', () => {
    const result = describeBulkResult('archive', {
      updated: 1,
      results: [
        { id: 'a', outcome: 'updated', status: 'archived' },
        { id: 'b', outcome: 'skipped', error: 'This job is already archived.' },
        { id: 'c', outcome: 'skipped', error: 'This job is already archived.' },
        { id: 'd', outcome: 'not_found' },
      ],
    });
    expect(result).toEqual({
      title: 'Jobs archived',
      description: '1 job archived. 2 skipped: This job is already archived. 1 job no longer found.',
      isFailure: false,
    });
  });

  it('says so when nothing moved', () => {
    expect(
      describeBulkResult('pause', {
        updated: 0,
        results: [{ id: 'a', outcome: 'skipped', error: 'A closed job cannot be paused.' }],
      }),
    ).toEqual({
      title: 'No jobs paused',
      description: '0 jobs paused. 1 skipped: A closed job cannot be paused.',
      isFailure: true,
    });
  });
});
