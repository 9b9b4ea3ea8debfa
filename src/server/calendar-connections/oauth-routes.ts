import type { FastifyInstance } from 'fastify';
import { safeRedirectPath } from '~/shared/auth';
import { calendarOAuthResultParams } from '~/shared/calendar-connections';
import {
  type CalendarOauthProvider,
  calendarOauthContract,
  calendarOauthTexts,
} from '~/shared/contracts/calendar-oauth';
import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import type { AppContext } from '../app-context';
import { CalendarAccessRefused } from '../kernels/calendars/calendar-provider';
import { connectionOfPushState } from '../kernels/calendars/calendar-push';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { actorOf } from '../platform/route-schemas';
import { connectOAuthAccount } from './oauth-connect-account';
import {
  exchangeCalendarCode,
  oauthClientOf,
  openOAuthCalendarAccount,
  setCalendarOauthFlow,
  startCalendarOauth,
  takeCalendarOauthFlow,
} from './oauth-flow';
import { queueRefreshFromPush } from './oauth-push-notice';
import { startPushChannels } from './oauth-start-push';

// Where a person comes back to when the start named no page: their Settings' calendars.
const settingsPageOf: Record<Role, string> = {
  applicant: paths.applicantSettings.path,
  company: paths.companySettings.path,
  account_manager: paths.managerSettings.path,
  admin: paths.adminSettings.path,
};
const withQuery = (page: string, name: string, value: string) =>
  `${page}${page.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

// Google Calendar and Microsoft 365 (decision 059): connecting an account through the provider's consent
// (each provider only when its OAuth client is configured), and the provider's push notices. The rest of
// Settings → Calendars is routes.ts.
export async function calendarOauthRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, jobs, config, secret, cache, background, taxIds: cipher } = context;
  const { publicUrl } = config;
  // From a session only, as the rest of Settings → Calendars: the tokens reach the person's calendar.
  const updates = { config: { sessionOnly: true, access: { permission: 'update:calendar_connection:own' } } } as const;
  const providerNotice = { config: { access: 'public', csrf: 'exempt' } } as const;

  const clientOf = (provider: CalendarOauthProvider) => {
    const settings = oauthClientOf(config, provider);
    if (!settings) throw new AppError('not_found', calendarOauthTexts.notConfigured(provider));
    return settings;
  };

  registerEndpoint(app, calendarOauthContract.start, updates, async (request, reply) => {
    const { provider } = request.params;
    const settings = clientOf(provider);
    const auth = currentAuth(request);
    const redirectTo = safeRedirectPath(request.query.redirect) ?? `${settingsPageOf[auth.user.role]}?tab=calendars`;
    const { url, flow } = await startCalendarOauth({
      provider,
      settings,
      publicUrl,
      userId: auth.user.id,
      redirectTo,
    });
    setCalendarOauthFlow(reply, config, flow);
    return reply.redirect(url, 302);
  });

  registerEndpoint(app, calendarOauthContract.callback, updates, async (request, reply) => {
    const { provider } = request.params;
    const settings = clientOf(provider);
    const { actorId, ipAddress } = actorOf(request);
    // Not this browser's, this person's or this request's: refused outright (400), nothing to go back to.
    const flow = takeCalendarOauthFlow(request, reply, { provider, userId: actorId, state: request.query.state });
    const failed = (message: string) =>
      reply.redirect(withQuery(flow.redirectTo, calendarOAuthResultParams.error, message), 302);
    if (request.query.error || !request.query.code) return failed(calendarOauthTexts.refused(provider));

    try {
      const tokens = await exchangeCalendarCode({
        provider,
        settings,
        publicUrl,
        code: request.query.code,
        codeVerifier: flow.codeVerifier,
      });
      let latest = tokens;
      const account = openOAuthCalendarAccount({
        provider,
        settings,
        tokens,
        onTokens: (refreshed) => {
          latest = refreshed;
        },
      });
      const accountName = await account.calendar.readAccountEmail();
      if (!accountName) return failed(calendarOauthTexts.noAddress(provider));
      const calendars = await account.calendar.listCalendars();
      const { connectionId } = await connectOAuthAccount({
        db,
        jobs,
        cipher,
        actorId,
        ipAddress,
        provider,
        accountName,
        tokens: latest,
        calendars,
      });
      background.runAfterResponse(reply, 'calendar-push-channels', async () => {
        const { failures } = await startPushChannels({
          db,
          cipher,
          connectionId,
          publicUrl,
          secret,
          open: (onTokens) => openOAuthCalendarAccount({ provider, settings, tokens: latest, onTokens }),
        });
        if (failures > 0) request.log.warn({ connectionId, failures }, 'calendar push channels not opened');
      });
      return reply.redirect(withQuery(flow.redirectTo, calendarOAuthResultParams.connected, provider), 302);
    } catch (error) {
      if (error instanceof CalendarAccessRefused) return failed(calendarOauthTexts.refused(provider));
      request.log.warn({ err: error, provider }, 'calendar account not connected');
      return failed(calendarOauthTexts.unreachable(provider));
    }
  });

  // Google posts here when a watched calendar changes; the first notice of a channel ('sync') only says it
  // stands. Google tries again on a 5xx only.
  registerEndpoint(app, calendarOauthContract.pushGoogle, providerNotice, async (request, reply) => {
    const token = request.headers['x-goog-channel-token'];
    if (request.headers['x-goog-resource-state'] === 'sync') {
      if (!connectionOfPushState(secret, token)) throw new AppError('forbidden', calendarOauthTexts.pushRefused);
      return reply.code(204).send(null);
    }
    const known = await queueRefreshFromPush({
      db,
      jobs,
      cache,
      secret,
      provider: 'google',
      state: token,
    });
    if (!known) throw new AppError('forbidden', calendarOauthTexts.pushRefused);
    return reply.code(204).send(null);
  });

  // Graph first checks the address by posting a validationToken it wants back as text within ten seconds; its
  // notices after that carry the clientState Tandem gave, one or more to a post.
  registerEndpoint(app, calendarOauthContract.pushMicrosoft, providerNotice, async (request, reply) => {
    if (request.query.validationToken !== undefined) {
      return reply.code(200).type('text/plain; charset=utf-8').send(request.query.validationToken);
    }
    const notices = typeof request.body === 'object' ? request.body.value : [];
    let known = 0;
    for (const state of new Set(notices.map((notice) => notice.clientState))) {
      if (await queueRefreshFromPush({ db, jobs, cache, secret, provider: 'microsoft', state })) known += 1;
    }
    if (known === 0) throw new AppError('forbidden', calendarOauthTexts.pushRefused);
    return reply.code(202).send(null);
  });
}
