import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { settingsContract } from '~/shared/contracts/settings';
import type { PlatformSettings, PlatformSettingsUpdate } from '~/shared/settings';

// System Settings (/api/admin/settings): read, save the changed ones, reset to the defaults.

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: async () => (await callApi(settingsContract.read)).settings,
  });

function useSettingsMutation(request: () => Promise<{ settings: PlatformSettings }>) {
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
      (await callApi(settingsContract.update, { body: changes })).settings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}

export const useResetSettings = () => useSettingsMutation(() => callApi(settingsContract.reset));
