import { describe, expect, it } from 'vitest';
import { chartScaleMax, formatDays, formatRatio } from './format-metrics';

describe('hiring figures', () => {
  it('show ratios as percentages with one decimal, or a dash', () => {
    expect(formatRatio(0.248)).toBe('24.8%');
    expect(formatRatio(0.782)).toBe('78.2%');
    expect(formatRatio(1)).toBe('100.0%');
    expect(formatRatio(0)).toBe('0.0%');
    expect(formatRatio(1 / 3)).toBe('33.3%');
    expect(formatRatio(null)).toBe('—');
  });

  it('show days to one decimal, or a dash', () => {
    expect(formatDays(18)).toBe('18 days');
    expect(formatDays(18.46)).toBe('18.5 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(0.5)).toBe('0.5 days');
    expect(formatDays(null)).toBe('—');
  });

  it('round the chart scale up to an even step', () => {
    expect(chartScaleMax([])).toBe(2);
    expect(chartScaleMax([0, 0])).toBe(2);
    expect(chartScaleMax([1])).toBe(2);
    expect(chartScaleMax([3])).toBe(4);
    expect(chartScaleMax([9, 2])).toBe(10);
    expect(chartScaleMax([11])).toBe(12);
    expect(chartScaleMax([34])).toBe(34);
    expect(chartScaleMax([35])).toBe(36);
    expect(chartScaleMax([120])).toBe(120);
    expect(chartScaleMax([130])).toBe(140);
    expect(chartScaleMax([1234])).toBe(1400);
  });
});
