// How the hiring figures read on the summary cards and the Analytics tab: a dash while there is nothing
// to measure (no applications, no offers, nobody hired), never a made-up zero.

const NO_FIGURE = '—';

// A 0–1 ratio as a percentage with one decimal: 0.248 → '24.8%'.
export function formatRatio(ratio: number | null): string {
  return ratio === null ? NO_FIGURE : `${(ratio * 100).toFixed(1)}%`;
}

// Days to one decimal, as the server averages them (and its CSV and PDF print them): 18 → '18 days',
// 18.46 → '18.5 days', 1 → '1 day'.
export function formatDays(days: number | null): string {
  if (days === null) return NO_FIGURE;
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} day${rounded === 1 ? '' : 's'}`;
}

// The top of a bar chart's scale: the largest value rounded up to an even step (2 below 100, then a fifth
// of its power of ten), so the middle gridline is a whole number too.
export function chartScaleMax(values: number[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 2) return 2;
  const step = largest < 100 ? 2 : 10 ** Math.floor(Math.log10(largest)) / 5;
  return Math.ceil(largest / step) * step;
}
