import { utcOffsetMinutes } from '~/shared/talent-texts';

// The IANA time zones this browser knows, each with its current offset from UTC, for the searchable
// picker. UTC itself comes first: Intl's list leaves it out.

interface TimeZoneOption {
  name: string;
  // "UTC+05:30" now (it changes with daylight saving time).
  offset: string;
  // What a search matches: the name with spaces for underscores and slashes, and the offset.
  searchText: string;
}

let cachedOptions: TimeZoneOption[] | null = null;

// "UTC+05:30", "UTC-03:00", "UTC+00:00".
function offsetOf(zone: string, now: Date): string {
  const minutes = utcOffsetMinutes(zone, now);
  const sign = minutes < 0 ? '-' : '+';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

function toOption(name: string, now: Date): TimeZoneOption {
  const offset = offsetOf(name, now);
  const words = name.replaceAll('_', ' ').replaceAll('/', ' ');
  return { name, offset, searchText: `${name} ${words} ${offset}`.toLowerCase() };
}

function timeZoneOptions(): TimeZoneOption[] {
  if (cachedOptions) return cachedOptions;
  const now = new Date();
  const names = Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC');
  cachedOptions = ['UTC', ...names].map((name) => toOption(name, now));
  return cachedOptions;
}

// The options a search leaves, with `selected` kept in the list even when this browser does not know it
// (a zone saved from another browser).
export function filterTimeZones(query: string, selected: string): TimeZoneOption[] {
  const options = timeZoneOptions();
  const withSelected =
    selected && !options.some((option) => option.name === selected)
      ? [{ name: selected, offset: '', searchText: selected.toLowerCase() }, ...options]
      : options;
  const words = query.trim().toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return withSelected;
  return withSelected.filter((option) => words.every((word) => option.searchText.includes(word)));
}

export function describeTimeZone(name: string): string {
  const option = timeZoneOptions().find((candidate) => candidate.name === name);
  return option ? `${option.name.replaceAll('_', ' ')} (${option.offset})` : name.replaceAll('_', ' ');
}
