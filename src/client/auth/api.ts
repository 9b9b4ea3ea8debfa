import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '~/client/lib/api-client';
import type { RegisterInput, SignInInput, SignInResult } from '~/shared/auth';
import type { ResponseOf } from '~/shared/contract';
import { authContract } from '~/shared/contracts/auth';
import type { OidcProvider, OidcUserType } from '~/shared/oidc';

// Data access for signing in, out and up (docs/style.md 8): query factories and mutation hooks over
// shared/contracts/auth.ts. Mutations that change who is signed in write the answer into the current-user query.

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: () => callApi(authContract.me),
  });

// Fetches the current user again after a change. A first fetch still under way may have been answered
// before the change, and invalidating alone would reuse it: cancel it, then ask again.
export async function refreshCurrentUser(queryClient: QueryClient) {
  const { queryKey } = currentUserQueryOptions();
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: () => callApi(authContract.providers),
    // Configured when the server starts; it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const twoFactorStageQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'],
    queryFn: () => callApi(authContract.twoFactorStage),
    staleTime: 0,
  });

// Where an identity-provider button sends the browser (a full page navigation: the server redirects on).
// `acceptsTerms`: the button stands beside the Terms of Service and Privacy Policy notice, so a sign-in that
// makes a new account may (the server records when).
// `invitation`: the token of the invitation page the button is on (docs/decisions/032).
export function providerStartHref(
  provider: OidcProvider,
  userType: OidcUserType,
  redirect?: string | null,
  acceptsTerms = false,
  invitation?: string,
) {
  return apiUrl(authContract.startOidcSignIn, {
    params: { provider },
    query: {
      user_type: userType,
      redirect: redirect || undefined,
      accept_terms: acceptsTerms ? 'true' : undefined,
      invitation,
    },
  });
}

// A new person is signed in: nothing cached for the previous one may leak into their screens.
export function useAcceptSignIn() {
  const queryClient = useQueryClient();
  return (result: SignInResult) => {
    if (result.status !== 'signed_in') return;
    queryClient.clear();
    queryClient.setQueryData(currentUserQueryOptions().queryKey, { user: result.user });
  };
}

export function useSignIn() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (input: SignInInput & { redirect?: string }) => callApi(authContract.signIn, { body: input }),
    onSuccess: acceptSignIn,
  });
}

export function useRegister() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (input: RegisterInput & { redirect?: string }) => callApi(authContract.register, { body: input }),
    onSuccess: acceptSignIn,
  });
}

export function useAdminSignIn() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (input: SignInInput & { redirect?: string }) => callApi(authContract.adminSignIn, { body: input }),
    onSuccess: acceptSignIn,
  });
}

export function useStartTwoFactorEnrollment() {
  return useMutation({
    mutationFn: () => callApi(authContract.startTwoFactorEnrollment),
  });
}

export type EnrollmentConfirmation = ResponseOf<typeof authContract.confirmTwoFactorEnrollment>;

// Signs in too, but the recovery codes are shown first: the caller accepts the sign-in afterwards.
export function useConfirmTwoFactorEnrollment() {
  return useMutation({
    mutationFn: (code: string) => callApi(authContract.confirmTwoFactorEnrollment, { body: { code } }),
  });
}

export function useVerifyTwoFactor() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (code: string) => callApi(authContract.verifyTwoFactor, { body: { code } }),
    onSuccess: acceptSignIn,
  });
}

export function useCompleteOidcSignIn() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (parameters: { code: string; state: string; iss?: string }) =>
      callApi(authContract.completeOidcSignIn, { body: parameters }),
    onSuccess: acceptSignIn,
  });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => callApi(authContract.signOut) });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callApi(authContract.forgotPassword, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => callApi(authContract.resetPassword, { body: input }),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(authContract.confirmEmail, { body: { token } }),
    // Verified now, or a new address: whoever is signed in here should see it.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => callApi(authContract.resendVerification),
  });
}
