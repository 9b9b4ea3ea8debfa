import { z } from 'zod';
import {
  currentUserSchema,
  forgotPasswordSchema,
  messageResponseSchema,
  oidcCallbackSchema,
  providerListSchema,
  registerSchema,
  resetPasswordSchema,
  signedOutReasons,
  signInResultSchema,
  signInSchema,
  tokenSchema,
  twoFactorCodeSchema,
  twoFactorEnrollmentSchema,
  twoFactorStages,
} from '../auth';
import { defineContract, redirect } from '../contract';
import { noContent } from '../contract-schemas';
import { oidcProviders, oidcUserTypes } from '../oidc';
import { text } from '../text';

// Where to go once signed in (only a path of this site is followed: safeRedirectPath).
const withRedirect = z.object({ redirect: text().optional() });

// Signing in and out: with a password, with an identity provider, and the administrators' second factor.
export const authContract = defineContract(
  { name: 'auth', tags: ['auth'] },
  {
    me: {
      method: 'GET',
      path: '/api/auth/me',
      summary: 'Who is signed in (null when nobody), and why a session this browser held was ended',
      responses: {
        200: z.object({
          user: currentUserSchema.nullable(),
          // Set when the browser's session was ended by a suspension: its tabs say why.
          signed_out_reason: z.enum(signedOutReasons).optional(),
        }),
      },
    },
    register: {
      method: 'POST',
      path: '/api/auth/register',
      summary: 'Create an applicant or company account and sign in',
      body: registerSchema.and(withRedirect),
      responses: { 201: signInResultSchema },
    },
    signIn: {
      method: 'POST',
      path: '/api/auth/sign-in',
      summary: 'Sign in with email and password',
      body: signInSchema.and(withRedirect),
      responses: { 200: signInResultSchema },
    },
    adminSignIn: {
      method: 'POST',
      path: '/api/auth/admin/sign-in',
      summary: 'Administrator sign-in: allow-listed email, password, then the second factor',
      body: signInSchema.and(withRedirect),
      responses: { 200: signInResultSchema },
    },
    signOut: {
      method: 'POST',
      path: '/api/auth/sign-out',
      summary: 'End this session',
      responses: { 204: noContent },
    },
    forgotPassword: {
      method: 'POST',
      path: '/api/auth/password/forgot',
      summary: 'Email a single-use password reset link (same answer whether or not the address has an account)',
      body: forgotPasswordSchema,
      responses: { 202: messageResponseSchema },
    },
    resetPassword: {
      method: 'POST',
      path: '/api/auth/password/reset',
      summary: 'Set a new password with a reset link; signs out every session',
      body: resetPasswordSchema,
      responses: { 200: messageResponseSchema },
    },
    confirmEmail: {
      method: 'POST',
      path: '/api/auth/email/confirm',
      summary: 'Open an emailed link: confirm the address, or make a new address the account’s',
      body: tokenSchema,
      responses: { 200: messageResponseSchema },
    },
    resendVerification: {
      method: 'POST',
      path: '/api/auth/email/resend-verification',
      summary: 'Send the email verification link again',
      responses: { 202: messageResponseSchema },
    },
    twoFactorStage: {
      method: 'GET',
      path: '/api/auth/two-factor',
      summary: 'Whether a sign-in is waiting for its second factor, and which step',
      responses: { 200: z.object({ stage: z.enum(twoFactorStages).nullable() }) },
    },
    startTwoFactorEnrollment: {
      method: 'POST',
      path: '/api/auth/two-factor/enrollment',
      summary: 'Start setting up an authenticator app: a new secret and its QR code',
      responses: { 200: twoFactorEnrollmentSchema },
    },
    confirmTwoFactorEnrollment: {
      method: 'POST',
      path: '/api/auth/two-factor/enrollment/confirm',
      summary: 'Confirm the authenticator app with its first code; returns recovery codes and signs in',
      body: twoFactorCodeSchema,
      responses: { 200: z.object({ result: signInResultSchema, recovery_codes: z.array(z.string()) }) },
    },
    verifyTwoFactor: {
      method: 'POST',
      path: '/api/auth/two-factor/verify',
      summary: 'Finish an administrator sign-in with a 6-digit code or a recovery code',
      body: twoFactorCodeSchema,
      responses: { 200: signInResultSchema },
    },
    providers: {
      method: 'GET',
      path: '/api/auth/providers',
      summary: 'Every identity provider, whether sign-in can use it here, and what turns it on',
      responses: { 200: providerListSchema },
    },
    // The browser navigates here (an href): the answer sends it to the provider, or, when the provider
    // cannot be reached, to the callback screen.
    startOidcSignIn: {
      method: 'GET',
      path: '/api/auth/oidc/:provider/start',
      summary: 'Send the browser to an identity provider to sign in',
      params: z.object({ provider: z.enum(oidcProviders) }),
      query: z.object({
        user_type: z.enum(oidcUserTypes).default('company'),
        redirect: text().optional(),
        // The sign-in page shows "By continuing, you agree to the Terms of Service and Privacy Policy" beside
        // the buttons; a sign-in that would make a new account needs it.
        accept_terms: z
          .enum(['true', 'false'], { message: 'accept_terms is true or false.' })
          .default('false')
          .transform((value) => value === 'true'),
        // From an invitation's page (/join/:token): the account signed in or created joins that company,
        // when the provider's verified address is the invited one (docs/decisions/032).
        invitation: text().max(200).optional(),
      }),
      responses: { 302: redirect },
    },
    completeOidcSignIn: {
      method: 'POST',
      path: '/api/auth/oidc/callback',
      summary: 'Finish an identity-provider sign-in with the code and state it returned',
      body: oidcCallbackSchema,
      responses: { 200: signInResultSchema },
    },
  },
);
