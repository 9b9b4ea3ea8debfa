import { and, eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { authMessages, normalizeEmail } from '~/shared/auth';
import { oidcMessages, oidcProviderNames, oidcRefusals } from '~/shared/oidc';
import type { PlatformSettings } from '~/shared/settings';
import { teamTexts } from '~/shared/teams';
import type { Database } from '../../db/client';
import { oauthAccounts, users } from '../../db/schema';
import { cancelPendingLinks } from '../../kernels/identity/cancel-pending-links';
import {
  acceptInvitationAs,
  findInvitationByToken,
  joinByInvitation,
  requireOpenInvitation,
} from '../../kernels/identity/company-invitations';
import { createAccount } from '../../kernels/identity/create-account';
import { revokeUserSessions } from '../../kernels/identity/revoke-user-sessions';
import { notifyNewUser } from '../../kernels/notices/notify-administrators';
import type { Mailer } from '../../mail/mailer';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { suspendedMessage } from '../sign-in-with-password';
import type { OidcFlow } from './oidc-flow';
import { readState } from './oidc-flow';
import { discover, type ProviderSettings } from './providers';

export interface CallbackParameters {
  code?: string;
  state?: string;
  iss?: string;
}

interface ProviderProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

async function fetchProfile({
  provider,
  flow,
  publicUrl,
  parameters,
}: {
  provider: ProviderSettings;
  flow: OidcFlow;
  publicUrl: string;
  parameters: Required<Pick<CallbackParameters, 'code' | 'state'>> & CallbackParameters;
}): Promise<ProviderProfile & { fallbackName?: string }> {
  let configuration: client.Configuration;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    configuration = await discover(provider);
    const callbackUrl = new URL(`${publicUrl}${provider.callbackPath}`);
    callbackUrl.searchParams.set('code', parameters.code);
    callbackUrl.searchParams.set('state', parameters.state);
    if (parameters.iss) callbackUrl.searchParams.set('iss', parameters.iss);
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedNonce: flow.nonce,
      expectedState: flow.state,
      idTokenExpected: true,
    });
  } catch {
    throw new AppError('validation', oidcMessages.exchangeFailed);
  }
  const claims = tokens.claims();
  if (!claims) throw new AppError('validation', oidcMessages.exchangeFailed);

  let profile: Record<string, unknown> = claims;
  if (provider.hasUserInfo) {
    try {
      profile = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    } catch {
      throw new AppError('validation', oidcMessages.userInfoFailed);
    }
  }
  const email = typeof profile.email === 'string' ? normalizeEmail(profile.email) : '';
  if (!email) throw new AppError('validation', oidcMessages.userInfoFailed);
  const name = [profile.name, [profile.given_name, profile.family_name].filter(Boolean).join(' ')].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
  return {
    subject: claims.sub,
    email,
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    name: name?.trim() ?? email.split('@')[0] ?? email,
  };
}

// The account a provider sign-in belongs to: the one already linked to this provider identity, else the
// account with the same email, which gets linked, else a new applicant or company account. The provider
// must vouch for the email before it links or creates anything. An existing account whose address was
// never confirmed may have been registered by someone else beforehand, so the verified owner takes it
// over: its password and sessions end. Administrators are never created here, and must be on the
// allow-list (ADMIN_EMAILS) to sign in. A new account follows the same System Settings as a registration
// with a password: none while registrations are closed, and administrators hear of each one.
export async function completeOidcSignIn({
  db,
  mailer,
  settings,
  provider,
  flow,
  parameters,
  publicUrl,
  secret,
  adminEmails,
  ipAddress,
  appleName,
}: {
  db: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  provider: ProviderSettings;
  flow: OidcFlow | null;
  parameters: CallbackParameters;
  publicUrl: string;
  secret: string;
  adminEmails: string[];
  ipAddress?: string;
  // Apple sends the person's name once, beside the code, on their first sign-in.
  appleName?: string;
}) {
  const { code, state } = parameters;
  if (!code || !state) throw new AppError('validation', oidcMessages.missingParameters);
  const start = readState(state, secret);
  if (!flow || flow.provider !== provider.id || flow.state !== state || !start) {
    throw new AppError('validation', oidcMessages.generic);
  }
  const { userType, invitation: invitationToken } = start;
  const profile = await fetchProfile({ provider, flow, publicUrl, parameters: { ...parameters, code, state } });
  // From an invitation's page: only the invited address, vouched for by the provider, accepts it.
  if (invitationToken) {
    const invitation = requireOpenInvitation(await findInvitationByToken(db, invitationToken), new Date());
    if (!profile.emailVerified) {
      throw new AppError('forbidden', oidcRefusals.emailNotVerified(oidcProviderNames[provider.id]));
    }
    if (profile.email !== invitation.email) throw new AppError('forbidden', teamTexts.wrongAccount(invitation.email));
  }
  const isAllowListedAdmin = adminEmails.includes(profile.email);
  if (userType === 'admin' && !isAllowListedAdmin) throw new AppError('forbidden', authMessages.adminNotAuthorized);

  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider.id), eq(oauthAccounts.subject, profile.subject)));
  let user = linked?.user;
  let joinedOnCreation = false;

  if (!user) {
    if (!profile.emailVerified) {
      throw new AppError('forbidden', oidcRefusals.emailNotVerified(oidcProviderNames[provider.id]));
    }
    const [sameEmail] = await db.select().from(users).where(sql`lower(${users.email}) = ${profile.email}`);
    const identity = { provider: provider.id, subject: profile.subject, email: profile.email };
    if (sameEmail) {
      user = sameEmail.emailVerifiedAt
        ? sameEmail
        : await takeOverUnconfirmedAccount({ db, user: sameEmail, provider: provider.id, ipAddress });
      await db.insert(oauthAccounts).values({ userId: user.id, ...identity });
    } else {
      if (userType === 'admin' && !invitationToken) {
        throw new AppError('forbidden', oidcRefusals.noAdministratorAccount);
      }
      // A company that invited someone admits them while open registrations are closed (docs/decisions/032).
      if (!settings.allow_registrations && !invitationToken) {
        throw new AppError('forbidden', authMessages.registrationsClosed);
      }
      if (!start.acceptedTerms) {
        throw new AppError('validation', oidcRefusals.termsRequired(oidcProviderNames[provider.id]));
      }
      // The account, its identity, the audit row and the administrators' email commit together
      // (decision 012). A new applicant or company account passes the checks below.
      user = await db.transaction(async (transaction) => {
        const invitation =
          invitationToken &&
          requireOpenInvitation(await findInvitationByToken(transaction, invitationToken, { lock: true }), new Date());
        const created = await createAccount({
          db: transaction,
          accountType: invitation ? 'company' : userType,
          email: profile.email,
          name: appleName || profile.name,
          passwordHash: null,
          emailVerified: true,
          termsAcceptedAt: new Date(),
          joinCompany: invitation ? { companyId: invitation.companyId, role: invitation.role } : undefined,
        });
        await transaction.insert(oauthAccounts).values({ userId: created.id, ...identity });
        if (invitation) {
          await joinByInvitation({ db: transaction, invitation, userId: created.id, ipAddress, alreadyMember: true });
        }
        await recordAuditEvent({
          db: transaction,
          event: {
            actorId: created.id,
            action: 'account.registered',
            targetType: 'user',
            targetId: created.id,
            details: { role: created.role, provider: provider.id },
            ipAddress,
          },
        });
        await notifyNewUser({ transaction, mailer, settings, publicUrl }, created);
        return created;
      });
      joinedOnCreation = invitationToken !== undefined;
    }
  }

  if ((userType === 'admin' || user.role === 'admin') && !(user.role === 'admin' && isAllowListedAdmin)) {
    throw new AppError('forbidden', authMessages.adminNotAuthorized);
  }
  if (user.status !== 'active') throw new AppError('forbidden', suspendedMessage);
  // An account that exists already joins if it may (a former member); one in another company, or an
  // applicant's or staff account, is refused with the sentence (one company per person).
  if (invitationToken && !joinedOnCreation) {
    await acceptInvitationAs({
      db,
      token: invitationToken,
      user: { id: user.id, email: user.email, emailVerified: true },
      ipAddress,
    });
  }
  return { user, redirectTo: flow.redirectTo };
}

// The provider has shown this person owns the address; whoever set the unconfirmed account's password
// (perhaps not them) loses it, with every session and emailed link.
async function takeOverUnconfirmedAccount({
  db,
  user,
  provider,
  ipAddress,
}: {
  db: Database;
  user: typeof users.$inferSelect;
  provider: string;
  ipAddress?: string;
}) {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .update(users)
      .set({ passwordHash: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const sessionsEnded = await revokeUserSessions({ db: tx, userId: user.id });
    await cancelPendingLinks({ db: tx, userId: user.id });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: user.id,
        action: 'account.claimed_by_verified_owner',
        targetType: 'user',
        targetId: user.id,
        details: { provider, password_removed: user.passwordHash !== null, sessions_ended: sessionsEnded },
        ipAddress,
      },
    });
    if (!owned) throw new Error('The account to take over disappeared.');
    return owned;
  });
}

// Apple's form_post carries, on a first sign-in only, a JSON `user` field with the person's name.
export function readAppleName(user: string | undefined): string | undefined {
  if (!user) return undefined;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const parts = [name?.firstName, name?.lastName].filter(
      (part): part is string => typeof part === 'string' && part !== '',
    );
    return parts.join(' ') || undefined;
  } catch {
    return undefined;
  }
}
