import { z } from 'zod';
import { calendarProviderLabels } from '../calendar-connections';
import { defineContract, fileOf, redirect } from '../contract';
import { noContent } from '../contract-schemas';
import { text } from '../text';

// Connecting a Google or Microsoft 365 calendar account (decision 059): the browser goes to the provider to
// consent and comes back with a code; the providers post here when a calendar changes (push).
export const calendarOauthProviders = ['google', 'microsoft'] as const;
export type CalendarOauthProvider = (typeof calendarOauthProviders)[number];

// The sentences the start and the callback answer with (the callback's go back in calendar_error).
export const calendarOauthTexts = {
  notConfigured: (provider: CalendarOauthProvider) =>
    `Connecting ${calendarProviderLabels[provider]} is not set up on this server.`,
  flowMissing:
    'This sign-in to your calendar has expired or was started in another browser. Start connecting your calendar again.',
  refused: (provider: CalendarOauthProvider) =>
    `${calendarProviderLabels[provider]} did not give Tandem access to your calendar, so nothing was connected.`,
  unreachable: (provider: CalendarOauthProvider) =>
    `We could not reach ${calendarProviderLabels[provider]} just now. Please try connecting again in a moment.`,
  noAddress: (provider: CalendarOauthProvider) =>
    `${calendarProviderLabels[provider]} did not tell us the account’s email address, so nothing was connected.`,
  pushRefused: 'This notification is not one Tandem asked for.',
} as const;

export const calendarOauthContract = defineContract(
  { name: 'calendarOauth', tags: ['calendar-connections'] },
  {
    start: {
      method: 'GET',
      path: '/api/calendar-connections/oauth/:provider/start',
      summary: 'Send the browser to Google or Microsoft to let Tandem read and write the person’s calendars',
      params: z.object({ provider: z.enum(calendarOauthProviders) }),
      // Where to come back to (a path of this site); the person's Settings otherwise.
      query: z.object({ redirect: text().max(2048).optional() }),
      responses: { 302: redirect },
    },
    callback: {
      method: 'GET',
      path: '/api/calendar-connections/oauth/:provider/callback',
      summary: 'Where Google or Microsoft sends the browser back: the account connected, then back to Settings',
      params: z.object({ provider: z.enum(calendarOauthProviders) }),
      query: z.looseObject({
        code: z.string().max(4000).optional(),
        state: z.string().max(4000).optional(),
        error: z.string().max(4000).optional(),
        error_description: z.string().max(4000).optional(),
      }),
      responses: { 302: redirect },
    },
    pushGoogle: {
      method: 'POST',
      path: '/api/calendar-connections/push/google',
      summary: 'Google’s push notification that a watched calendar changed (the channel token is the credential)',
      headers: z.looseObject({
        'x-goog-channel-id': z.string().max(200).optional(),
        'x-goog-channel-token': z.string().max(300).optional(),
        'x-goog-resource-state': z.string().max(50).optional(),
      }),
      responses: { 204: noContent },
    },
    pushMicrosoft: {
      method: 'POST',
      path: '/api/calendar-connections/push/microsoft',
      summary:
        'Microsoft Graph’s change notifications for a subscribed calendar (the clientState is the credential); a validationToken is echoed back',
      query: z.object({ validationToken: z.string().max(2000).optional() }),
      body: z
        .union([
          z.looseObject({
            value: z
              .array(
                z.looseObject({
                  subscriptionId: z.string().max(200).optional(),
                  clientState: z.string().max(300).optional(),
                }),
              )
              .max(1000),
          }),
          // The validation request's empty text/plain body.
          z.literal(''),
        ])
        .optional(),
      responses: { 200: fileOf('text/plain'), 202: noContent },
    },
  },
);
