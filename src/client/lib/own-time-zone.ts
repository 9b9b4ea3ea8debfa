import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountContract } from '~/shared/contracts/account';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// The signed-in person's own time zone (docs/decisions/022): the zone they chose, in which every
// meeting time is shown to them and every time they pick is read. Null until they choose one; the
// browser's zone is only ever offered as a suggestion.

export const ownTimeZoneQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.timeZone(),
    queryFn: () => callApi(accountContract.timeZone),
  });

// The zone itself, for a screen that writes days and times in it: null until chosen (the screen then
// writes UTC and says so).
export const useOwnTimeZone = (): string | null => useQuery(ownTimeZoneQueryOptions()).data?.time_zone ?? null;

// The zone this browser runs in, to suggest (empty when the browser does not say).
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';

export function useSaveOwnTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => callApi(accountContract.updateTimeZone, { body: { time_zone: timeZone } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.account.timeZone(), answer);
      // Meetings carry each participant's zone; an applicant's zone is a field of their profile.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.applicant.meetings() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.talent.ownProfile() }),
      ]);
    },
  });
}
