import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '~/client/auth/api';
import { apiClient } from '~/client/lib/api-client';
import type { SessionList } from '~/shared/auth';
import type { CompanyProfile, CompanyProfileInput } from '~/shared/companies';

// The signed-in person's own account (/api/account) and their company's profile (/api/company).

interface MessageResponse {
  message: string;
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: () => apiClient.get<SessionList>('/api/account/sessions'),
  });

export const companyProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'profile'],
    queryFn: () => apiClient.get<CompanyProfile>('/api/company'),
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => apiClient.patch<MessageResponse>('/api/account/profile', input),
    // The name shows in the header's account menu.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) =>
      apiClient.post<MessageResponse>('/api/account/password', input),
    // The server signs out the other sessions.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: { new_email: string; current_password: string }) =>
      apiClient.post<MessageResponse>('/api/account/email', input),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<MessageResponse & { signed_out: number }>('/api/account/sessions/sign-out-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useUpdateCompanyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyProfileInput) => apiClient.put<CompanyProfile>('/api/company', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(companyProfileQueryOptions().queryKey, profile);
      // The current user carries the company's name.
      return refreshCurrentUser(queryClient);
    },
  });
}
