import { describe, expect, it } from 'vitest';
import { jobPipelineStages, jobStatuses, visiblePipelineStage } from './jobs';

describe('visiblePipelineStage', () => {
  it('shows where an open job’s hiring is, but never that an open job is filled', () => {
    expect(visiblePipelineStage('open', 'interviewing')).toBe('interviewing');
    expect(visiblePipelineStage('open', 'offer')).toBe('offer');
    expect(visiblePipelineStage('open', 'filled')).toBeNull();
  });

  it('shows nothing beside Paused, Draft or Archived, and only Filled beside Closed', () => {
    for (const status of ['paused', 'draft', 'archived'] as const) {
      for (const stage of jobPipelineStages)
        expect(visiblePipelineStage(status, stage), `${status} ${stage}`).toBeNull();
    }
    expect(visiblePipelineStage('closed', 'filled')).toBe('filled');
    expect(visiblePipelineStage('closed', 'offer')).toBeNull();
    for (const status of jobStatuses) expect(visiblePipelineStage(status, null)).toBeNull();
  });
});
