import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ApplicationStatus } from '~/shared/applications';
import { jobsContract } from '~/shared/contracts/jobs';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import type { ApplicationTestState, JobApplication, JobApplicationList } from '~/shared/jobs';
import { useMoveApplication } from './api';

// The pipeline board's reads and writes: a column's pages, the optimistic move (through the same move
// API as the list), and the messages written to candidates with the company's templates.

export const BOARD_PAGE_SIZE = 10;

// What narrows every column alike.
export interface BoardFilters {
  q?: string;
  min_rating?: number;
  test?: ApplicationTestState;
}

export type BoardColumnData = InfiniteData<JobApplicationList, number>;

const columnQuery = (stage: ApplicationStatus, filters: BoardFilters) => ({
  ...filters,
  status: stage,
  page_size: BOARD_PAGE_SIZE,
});

// One stage's column: the first page, then each "Show more" the next, all from the server.
export const boardColumnQueryOptions = (jobId: string, stage: ApplicationStatus, filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.jobs.boardColumn(jobId, columnQuery(stage, filters)),
    queryFn: ({ pageParam }) =>
      callApi(jobsContract.applications, {
        params: { id: jobId },
        query: { ...columnQuery(stage, filters), page: pageParam },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((loaded, page) => loaded + page.items.length, 0) < last.total ? last.page + 1 : undefined,
  });

// The stage a cached column shows, read back from its key.
function stageOfKey(key: readonly unknown[]): ApplicationStatus | undefined {
  const query = key[3];
  return typeof query === 'object' && query !== null && 'status' in query
    ? (query.status as ApplicationStatus)
    : undefined;
}

function withoutCard(data: BoardColumnData, id: string): BoardColumnData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
      total: Math.max(0, page.total - 1),
    })),
  };
}

function withCard(data: BoardColumnData, card: JobApplication): BoardColumnData {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      items: index === 0 ? [card, ...page.items] : page.items,
      total: page.total + 1,
    })),
  };
}

// Moves a card at once on the board, then asks the server (the list's own move); a refusal puts every
// column back as it was and rethrows, so the caller can say the server's sentence.
export function useOptimisticMove(jobId: string) {
  const queryClient = useQueryClient();
  const move = useMoveApplication();
  return {
    isPending: move.isPending,
    moveCard: async (card: JobApplication, to: ApplicationStatus, reason?: string) => {
      const boardKey = queryKeys.jobs.board(jobId);
      await queryClient.cancelQueries({ queryKey: boardKey });
      const before = queryClient.getQueriesData<BoardColumnData>({ queryKey: boardKey });
      for (const [key, data] of before) {
        if (!data) continue;
        const stage = stageOfKey(key);
        if (stage === card.status) queryClient.setQueryData(key, withoutCard(data, card.id));
        else if (stage === to) queryClient.setQueryData(key, withCard(data, { ...card, status: to, is_new: false }));
      }
      try {
        await move.mutateAsync({ id: card.id, to, reason });
      } catch (error) {
        for (const [key, data] of before) queryClient.setQueryData(key, data);
        throw error;
      }
    },
  };
}

// The templates to choose from when writing: the first hundred by name.
const TEMPLATE_CHOICES_QUERY = { page_size: 100 };
export const templateChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.messageTemplates.list(TEMPLATE_CHOICES_QUERY),
    queryFn: () => callApi(messageTemplatesContract.list, { query: TEMPLATE_CHOICES_QUERY }),
  });

// crypto.randomUUID exists only on secure pages (https, localhost).
export const newSendId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function useMessageApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, clientId }: { id: string; body: string; clientId: string }) =>
      callApi(messageTemplatesContract.messageApplication, { params: { id }, body: { body, client_id: clientId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.all }),
  });
}

export function useMessageColumn(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BoardFilters & { status: ApplicationStatus; body: string; clientId: string }) => {
      const { clientId, ...rest } = input;
      return callApi(messageTemplatesContract.messageColumn, {
        params: { id: jobId },
        body: { ...rest, client_id: clientId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.all }),
  });
}
