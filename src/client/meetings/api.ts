import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { useRefreshMeetings } from '~/client/lib/meeting-queries';
import { queryKeys } from '~/client/lib/query-keys';
import type { BodyOf, EndpointDefinition } from '~/shared/contract';
import { meetingsContract } from '~/shared/contracts/meetings';
import type { Meeting } from '~/shared/meetings';

// The changes made on the meetings pages (the reads are in ~/client/lib/meeting-queries, shared with
// the pipeline and the dashboards). Each answers with the meeting as the caller now sees it.

// A change's body, and the meeting it is about.
type ChangeInput<E extends EndpointDefinition> = BodyOf<E> & { id: string };

function useMeetingChange<Input>(change: (input: Input) => Promise<Meeting>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: change,
    onSuccess: async (meeting) => {
      queryClient.setQueryData(queryKeys.meetings.detail(meeting.id), meeting);
      await refresh();
    },
  });
}

export const useRespondToMeeting = () =>
  useMeetingChange(({ id, ...body }: ChangeInput<typeof meetingsContract.respond>) =>
    callApi(meetingsContract.respond, { params: { id }, body }),
  );
export const useRescheduleMeeting = () =>
  useMeetingChange(({ id, ...body }: ChangeInput<typeof meetingsContract.reschedule>) =>
    callApi(meetingsContract.reschedule, { params: { id }, body }),
  );
export const useCancelMeeting = () =>
  useMeetingChange(({ id, ...body }: ChangeInput<typeof meetingsContract.cancel>) =>
    callApi(meetingsContract.cancel, { params: { id }, body }),
  );

export const downloadMeetingIcs = (meeting: Meeting) =>
  downloadApi(meetingsContract.downloadCalendar, 'meeting.ics', { params: { id: meeting.id } });

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.meetings.feed(),
    queryFn: () => callApi(meetingsContract.calendarFeed),
  });

export const accountManagerCallQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.meetings.accountManagerCall(),
    queryFn: () => callApi(meetingsContract.accountManagerCallInvitee),
  });

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(meetingsContract.createCalendarFeed),
    onSuccess: (created) =>
      queryClient.setQueryData(queryKeys.meetings.feed(), { exists: true, created_at: created.created_at }),
  });
}
