import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import type { CurrentUser, ProviderList, RegisterInput, SignInInput, SignInResult } from '~/shared/auth';
import type { OidcProvider, OidcUserType } from '~/shared/oidc';

// Data access for signing in, out and up (STYLE.md 8): query factories and mutation hooks over
// /api/auth. Mutations that change who is signed in write the answer into the current-user query.

export interface CurrentUserResponse {
  user: CurrentUser | null;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: () => apiClient.get<CurrentUserResponse>('/api/auth/me'),
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
    queryFn: () => apiClient.get<ProviderList>('/api/auth/providers'),
    // Configured when the server starts; it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export type TwoFactorStage = 'enroll' | 'verify';

export const twoFactorStageQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'two-factor'],
    queryFn: () => apiClient.get<{ stage: TwoFactorStage | null }>('/api/auth/two-factor'),
    staleTime: 0,
  });

// Where an identity-provider button sends the browser (a full page navigation: the server redirects on).
export function providerStartHref(provider: OidcProvider, userType: OidcUserType, redirect?: string | null) {
  const query = new URLSearchParams({ user_type: userType });
  if (redirect) query.set('redirect', redirect);
  return `/api/auth/oidc/${provider}/start?${query}`;
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
    mutationFn: (input: SignInInput & { redirect?: string }) =>
      apiClient.post<SignInResult>('/api/auth/sign-in', input),
    onSuccess: acceptSignIn,
  });
}

export function useRegister() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (input: RegisterInput & { redirect?: string }) =>
      apiClient.post<SignInResult>('/api/auth/register', input),
    onSuccess: acceptSignIn,
  });
}

export function useAdminSignIn() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (input: SignInInput & { redirect?: string }) =>
      apiClient.post<SignInResult>('/api/auth/admin/sign-in', input),
    onSuccess: acceptSignIn,
  });
}

export interface TwoFactorEnrollment {
  secret: string;
  otpauth_url: string;
  qr_code_svg: string;
}

export function useStartTwoFactorEnrollment() {
  return useMutation({
    mutationFn: () => apiClient.post<TwoFactorEnrollment>('/api/auth/two-factor/enrollment'),
  });
}

export interface EnrollmentConfirmation {
  result: SignInResult;
  recovery_codes: string[];
}

// Signs in too, but the recovery codes are shown first: the caller accepts the sign-in afterwards.
export function useConfirmTwoFactorEnrollment() {
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.post<EnrollmentConfirmation>('/api/auth/two-factor/enrollment/confirm', { code }),
  });
}

export function useVerifyTwoFactor() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<SignInResult>('/api/auth/two-factor/verify', { code }),
    onSuccess: acceptSignIn,
  });
}

export function useCompleteOidcSignIn() {
  const acceptSignIn = useAcceptSignIn();
  return useMutation({
    mutationFn: (parameters: { code: string; state: string; iss?: string }) =>
      apiClient.post<SignInResult>('/api/auth/oidc/callback', parameters),
    onSuccess: acceptSignIn,
  });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => apiClient.post<undefined>('/api/auth/sign-out') });
}

interface MessageResponse {
  message: string;
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiClient.post<MessageResponse>('/api/auth/password/forgot', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiClient.post<MessageResponse>('/api/auth/password/reset', input),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiClient.post<MessageResponse>('/api/auth/email/confirm', { token }),
    // Verified now, or a new address: whoever is signed in here should see it.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiClient.post<MessageResponse>('/api/auth/email/resend-verification'),
  });
}
