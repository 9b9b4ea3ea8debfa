import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '~/client/auth/api';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ChangeEmailInput, ChangePasswordInput, UpdateProfileInput } from '~/shared/auth';
import type { AvailabilityInput } from '~/shared/availability';
import type { CompanyProfileInput } from '~/shared/companies';
import { accountContract } from '~/shared/contracts/account';
import { bookingContract } from '~/shared/contracts/booking';
import { companiesContract } from '~/shared/contracts/companies';

// The signed-in person's own account (/api/account) and their company's profile (/api/company).

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: () => callApi(accountContract.sessions),
  });

export const companyProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'profile'],
    queryFn: () => callApi(companiesContract.profile),
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => callApi(accountContract.updateProfile, { body: input }),
    // The name shows in the header's account menu.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callApi(accountContract.changePassword, { body: input }),
    // The server signs out the other sessions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => callApi(accountContract.changeEmail, { body: input }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountContract.signOutOtherSessions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyProfileInput) => callApi(companiesContract.updateProfile, { body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(companyProfileQueryOptions().queryKey, profile);
      // The current user carries the company's name.
      return refreshCurrentUser(queryClient);
    },
  });
}

// Settings → Availability (docs/decisions/031).
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.availability(),
    queryFn: () => callApi(bookingContract.availability),
  });

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityInput) => callApi(bookingContract.updateAvailability, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.account.availability(), saved),
  });
}
