// A person's own calendars connected to Tandem (docs/decisions/059): CalDAV servers (iCloud, Fastmail,
// Nextcloud…) with an app password, Google and Microsoft 365 through their APIs when configured.
export const calendarProviders = ['caldav', 'google', 'microsoft'] as const;
export type CalendarProvider = (typeof calendarProviders)[number];

// 'failing': the last refresh could not reach it or was refused; it keeps its last busy times and is tried again.
export const calendarConnectionStatuses = ['active', 'failing'] as const;
export type CalendarConnectionStatus = (typeof calendarConnectionStatuses)[number];
