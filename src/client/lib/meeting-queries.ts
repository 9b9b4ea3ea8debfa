import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingLinkInput } from '~/shared/booking';
import { bookingContract } from '~/shared/contracts/booking';
import { meetingsContract } from '~/shared/contracts/meetings';
import type { ScheduleCallInput, ScheduleMeetingInput } from '~/shared/meetings';
import { callApi } from './api-client';
import { refetchLive } from './live-refetch';
import { useLiveEvent, useLiveOpened } from './live-socket';
import { queryKeys } from './query-keys';

// The meetings reads and the scheduling that more than one feature needs: the meetings pages
// (meetings), the pipeline's drawer (pipeline) and the dashboards. Kept below the features so none
// imports another; meetings/api.ts keeps the changes made on the meetings pages.

export const UPCOMING_PAGE_SIZE = 5;
// A month grid is at most six weeks; far more meetings than anyone holds in one.
const RANGE_PAGE_SIZE = 200;

export const meetingRangeQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: queryKeys.meetings.range(range),
    queryFn: () => callApi(meetingsContract.list, { query: { ...range, page_size: RANGE_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

// Meetings still ahead (or under way) and not cancelled, soonest first, a page at a time.
export const upcomingMeetingsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.meetings.upcoming(page),
    queryFn: () =>
      callApi(meetingsContract.list, {
        query: { from: new Date().toISOString(), status: 'scheduled', page, page_size: UPCOMING_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const meetingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.meetings.detail(id),
    queryFn: () => callApi(meetingsContract.get, { params: { id } }),
  });

// Who the company may invite: found by name or job title, or the one application a drawer shows.
export const meetingInviteesQueryOptions = (query: { q: string; application_id?: string }) =>
  queryOptions({
    queryKey: queryKeys.meetings.invitees(query),
    queryFn: () => callApi(meetingsContract.invitees, { query: { ...query, page_size: 20 } }),
    placeholderData: keepPreviousData,
  });

// When an invitee is in other meetings over the day from `from` (times only): under the Schedule Meeting time.
export const inviteeBusyQueryOptions = (applicationId: string, from: string) =>
  queryOptions({
    queryKey: queryKeys.meetings.inviteeBusy(applicationId, from),
    queryFn: () =>
      callApi(meetingsContract.inviteeBusy, { params: { application_id: applicationId }, query: { from, hours: 24 } }),
  });

// Everything a meeting change may alter: the calendars and lists, and the applicant dashboard's meetings.
// A list still on its first fetch may have read the server before the change: refetchLive asks again.
export function useRefreshMeetings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      refetchLive(queryClient, queryKeys.meetings.all),
      refetchLive(queryClient, queryKeys.applicant.meetings()),
    ]);
}

// Calendars follow what the other side does: a meeting.changed event (or the socket opening, which may
// follow changes heard by nobody) refetches the meetings shown.
export function useLiveMeetings() {
  const refresh = useRefreshMeetings();
  useLiveEvent('meeting.changed', () => void refresh());
  useLiveOpened(() => void refresh());
}

export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: (input: ScheduleMeetingInput) => callApi(meetingsContract.schedule, { body: input }),
    onSuccess: async () => {
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: queryKeys.pipeline.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all }),
      ]);
    },
  });
}

export function useScheduleAccountManagerCall() {
  const refresh = useRefreshMeetings();
  return useMutation({
    mutationFn: (input: ScheduleCallInput) => callApi(meetingsContract.scheduleAccountManagerCall, { body: input }),
    onSuccess: () => refresh(),
  });
}

// Booking links (docs/decisions/031): the sender's colleagues to add as hosts, and sending a link.
export const colleaguesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.meetings.all, 'colleagues'] as const,
    queryFn: () => callApi(bookingContract.colleagues),
  });

export function useSendBookingLink() {
  return useMutation({
    mutationFn: (input: CreateBookingLinkInput) => callApi(bookingContract.createLink, { body: input }),
  });
}
