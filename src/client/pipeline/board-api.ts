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
import { type BoardColumnSpec, isInColumn } from './board-columns';

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

type ColumnPlace = Pick<BoardColumnSpec, 'status' | 'interviewStageId'>;

const columnQuery = (column: ColumnPlace, filters: BoardFilters) => ({
  ...filters,
  status: column.status,
  ...(column.interviewStageId ? { interview_stage: column.interviewStageId } : {}),
  page_size: BOARD_PAGE_SIZE,
});

// One column: the first page, then each "Show more" the next, all from the server.
export const boardColumnQueryOptions = (jobId: string, column: ColumnPlace, filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.jobs.boardColumn(jobId, columnQuery(column, filters)),
    queryFn: ({ pageParam }) =>
      callApi(jobsContract.applications, {
        params: { id: jobId },
        query: { ...columnQuery(column, filters), page: pageParam },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((loaded, page) => loaded + page.items.length, 0) < last.total ? last.page + 1 : undefined,
  });

// The column a cached page shows, read back from its key.
function columnOfKey(key: readonly unknown[]): ColumnPlace | undefined {
  const query = key[3] as { status?: ApplicationStatus; interview_stage?: string } | undefined;
  if (typeof query !== 'object' || query === null || !query.status) return undefined;
  return { status: query.status, interviewStageId: query.interview_stage };
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
    moveCard: async (card: JobApplication, to: ColumnPlace, reason?: string) => {
      const boardKey = queryKeys.jobs.board(jobId);
      await queryClient.cancelQueries({ queryKey: boardKey });
      const before = queryClient.getQueriesData<BoardColumnData>({ queryKey: boardKey });
      const moved = { ...card, status: to.status, interview_stage_id: to.interviewStageId ?? null, is_new: false };
      for (const [key, data] of before) {
        const column = columnOfKey(key);
        if (!data || !column) continue;
        if (isInColumn(card, column)) queryClient.setQueryData(key, withoutCard(data, card.id));
        else if (isInColumn(moved, column)) queryClient.setQueryData(key, withCard(data, moved));
      }
      try {
        await move.mutateAsync({ id: card.id, to: to.status, reason, stage_id: to.interviewStageId });
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
    mutationFn: (
      input: BoardFilters & { status: ApplicationStatus; interview_stage?: string; body: string; clientId: string },
    ) => {
      const { clientId, ...rest } = input;
      return callApi(messageTemplatesContract.messageColumn, {
        params: { id: jobId },
        body: { ...rest, client_id: clientId },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.all }),
  });
}
