import { MAX_MINUTES_PER_DAY } from '~/shared/billing-texts';

// A day's hours as the talent types them ('7.5', '7,5', '7:30') and as the API counts them (whole minutes).

export const hoursTexts = {
  invalid: 'Enter hours like 7.5 or 7:30.',
  tooMany: 'A day has at most 24 hours.',
} as const;

type ParsedHours = { minutes: number; error: null } | { minutes: null; error: string };

const CLOCK_FORMAT = /^(\d{1,2}):([0-5]\d)$/;
const DECIMAL_FORMAT = /^(\d+(\.\d*)?|\.\d+)$/;

// An empty box is no work that day.
export function parseHours(text: string): ParsedHours {
  const value = text.trim().replace(',', '.');
  if (value === '') return { minutes: 0, error: null };
  const clock = CLOCK_FORMAT.exec(value);
  let minutes: number;
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (DECIMAL_FORMAT.test(value)) minutes = Math.round(Number(value) * 60);
  else return { minutes: null, error: hoursTexts.invalid };
  if (minutes > MAX_MINUTES_PER_DAY) return { minutes: null, error: hoursTexts.tooMany };
  return { minutes, error: null };
}

// What a day's box shows for saved minutes, read back to the same minutes: '7.5' when two decimals say
// it exactly (every third minute), else '7:20'; nothing for no work.
export function minutesToInput(minutes: number): string {
  if (minutes === 0) return '';
  if (minutes % 3 === 0) return String(Number((minutes / 60).toFixed(2)));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// Hours with at most two decimals: 1950 minutes → '32.5'.
export const formatHours = (minutes: number): string => hoursFormat.format(minutes / 60);

// A week's total against the agreed hours: '32.5 / 40 h'.
export const formatHoursOfWeek = (minutes: number, weeklyHours: number): string =>
  `${formatHours(minutes)} / ${weeklyHours} h`;

// A running shift: '2 h 15 min', '45 min', '3 h'.
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
