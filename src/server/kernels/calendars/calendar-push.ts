import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { calendarOauthContract } from '~/shared/contracts/calendar-oauth';
import type { CalendarPushChannel } from './calendar-oauth';
import type { CalendarProvider } from './calendar-provider';
import type { GoogleCalendar } from './google-calendar';
import type { MicrosoftCalendar } from './microsoft-calendar';

// Push (decision 059): Google's events.watch channels and Graph's subscriptions tell Tandem a calendar changed,
// so a moved or declined meeting flows back within seconds instead of at the next poll (which runs anyway, and
// is all there is where PUBLIC_URL is not https: both providers post only to https addresses).

// A channel is renewed when less than this is left of it (the refresh sweep passes every few minutes).
const RENEW_WITHIN_MS = 24 * 3600 * 1000;

// What the provider echoes back with each notification (Google's channel token, Graph's clientState): the
// connection's id and a MAC of it under the app's secret, so a notification proves where it belongs without
// a lookup of a stored token (80 characters: within Graph's 128).
export function pushStateOf(secret: string, connectionId: string): string {
  return `${connectionId}.${macOf(secret, connectionId).toString('base64url')}`;
}

// The connection a notification's token or clientState names, or null when it was not made here.
export function connectionOfPushState(secret: string, state: string | undefined): string | null {
  const [connectionId, mac, ...rest] = (state ?? '').split('.');
  if (!connectionId || !mac || rest.length > 0) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, connectionId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? connectionId : null;
}

function macOf(secret: string, connectionId: string) {
  return createHmac('sha256', secret).update(`calendar-push:${connectionId}`).digest();
}

export const canUsePush = (publicUrl: string) => publicUrl.startsWith('https://');

export type PushCapableCalendar =
  | { provider: 'google'; calendar: GoogleCalendar }
  | { provider: 'microsoft'; calendar: MicrosoftCalendar };

// A connection's provider as push sees it (openCalendarProvider answers the port only): null for CalDAV.
export function pushCapableOf(provider: string, calendar: CalendarProvider): PushCapableCalendar | null {
  if (provider === 'google' && 'watchCalendar' in calendar) return { provider, calendar: calendar as GoogleCalendar };
  if (provider === 'microsoft' && 'subscribeCalendar' in calendar) {
    return { provider, calendar: calendar as MicrosoftCalendar };
  }
  return null;
}

// Keeps one live channel on each calendar named (the write calendar and those checked for busy times): new
// ones opened, those near their end renewed, those on calendars no longer named closed. The channels are
// kept inside the sealed tokens (saveTokens). A provider's failure on one calendar leaves the others, and
// polling covers it; the count of failures is answered for the log.
export async function renewPushChannels({
  account,
  connectionId,
  calendarIds,
  publicUrl,
  secret,
  now = new Date(),
}: {
  account: PushCapableCalendar;
  connectionId: string;
  calendarIds: string[];
  publicUrl: string;
  secret: string;
  now?: Date;
}): Promise<{ channels: CalendarPushChannel[]; failures: number }> {
  const { calendar } = account;
  const tokens = calendar.currentTokens();
  const before = tokens.pushChannels ?? [];
  if (!canUsePush(publicUrl)) return { channels: before, failures: 0 };
  const wanted = new Set(calendarIds);
  const state = pushStateOf(secret, connectionId);
  const channels: CalendarPushChannel[] = [];
  let failures = 0;

  for (const channel of before) {
    if (wanted.has(channel.calendarId)) continue;
    try {
      if (account.provider === 'google') await account.calendar.stopChannel(channel);
      else await account.calendar.deleteSubscription(channel);
    } catch {
      // It ends by itself within days.
    }
  }
  for (const calendarId of wanted) {
    const current = before.find((channel) => channel.calendarId === calendarId);
    if (current && Date.parse(current.expiresAt) - now.getTime() > RENEW_WITHIN_MS) {
      channels.push(current);
      continue;
    }
    try {
      if (account.provider === 'google') {
        const address = `${publicUrl}${calendarOauthContract.pushGoogle.path}`;
        // Google renews by a new channel; the old one is stopped once the new one stands.
        channels.push(
          await account.calendar.watchCalendar(calendarId, { address, token: state, channelId: randomUUID() }),
        );
        if (current) await account.calendar.stopChannel(current).catch(() => undefined);
      } else {
        const renewed = current ? await account.calendar.renewSubscription(current) : null;
        const address = `${publicUrl}${calendarOauthContract.pushMicrosoft.path}`;
        channels.push(
          renewed ?? (await account.calendar.subscribeCalendar(calendarId, { address, clientState: state })),
        );
      }
    } catch {
      failures += 1;
      if (current && Date.parse(current.expiresAt) > now.getTime()) channels.push(current);
    }
  }
  const unchanged = JSON.stringify(channels) === JSON.stringify(before);
  if (!unchanged) await calendar.saveTokens({ ...calendar.currentTokens(), pushChannels: channels });
  return { channels, failures };
}
