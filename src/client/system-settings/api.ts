import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import type { PlatformSettings, PlatformSettingsUpdate } from '~/shared/settings';

// System Settings (/api/admin/settings): read, save the changed ones, reset to the defaults.

interface SettingsResponse {
  settings: PlatformSettings;
}

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: async () => (await apiClient.get<SettingsResponse>('/api/admin/settings')).settings,
  });

function useSettingsMutation(request: () => Promise<SettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request()).settings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PlatformSettingsUpdate) =>
      (await apiClient.put<SettingsResponse>('/api/admin/settings', changes)).settings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}

export const useResetSettings = () =>
  useSettingsMutation(() => apiClient.post<SettingsResponse>('/api/admin/settings/reset'));
