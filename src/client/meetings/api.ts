import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import { downloadFile } from '~/client/lib/download-file';
import { useRefreshMeetings } from '~/client/lib/meeting-queries';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  CalendarFeedCreated,
  CalendarFeedStatus,
  CancelMeetingInput,
  Meeting,
  RescheduleMeetingInput,
  RespondToMeetingInput,
} from '~/shared/meetings';

// The changes made on the meetings pages (the reads are in ~/client/lib/meeting-queries, shared with
// the pipeline and the dashboards). Each answers with the meeting as the caller now sees it.

function useMeetingChange<Input>(path: (id: string) => string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: ({ id, ...input }: Input & { id: string }) => apiClient.post<Meeting>(path(id), input),
    onSuccess: async (meeting) => {
      queryClient.setQueryData(queryKeys.meetings.detail(meeting.id), meeting);
      await refresh();
    },
  });
}

export const useRespondToMeeting = () => useMeetingChange<RespondToMeetingInput>((id) => `/api/meetings/${id}/respond`);
export const useRescheduleMeeting = () =>
  useMeetingChange<RescheduleMeetingInput>((id) => `/api/meetings/${id}/reschedule`);
export const useCancelMeeting = () => useMeetingChange<CancelMeetingInput>((id) => `/api/meetings/${id}/cancel`);

export const downloadMeetingIcs = (meeting: Meeting) => downloadFile(`/api/meetings/${meeting.id}/ics`, 'meeting.ics');

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.meetings.feed(),
    queryFn: () => apiClient.get<CalendarFeedStatus>('/api/calendar-feed'),
  });

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<CalendarFeedCreated>('/api/calendar-feed'),
    onSuccess: (created) =>
      queryClient.setQueryData(queryKeys.meetings.feed(), { exists: true, created_at: created.created_at }),
  });
}
