import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { PayInvoiceInput } from '~/shared/billing';
import { milestonesContract } from '~/shared/contracts/milestones';
import type { Contract, FundMilestoneResult, RequestChangesInput, SubmitMilestoneInput } from '~/shared/milestones';

// A fixed-price contract (docs/decisions/035) as each side reads it, and the moves of its milestones: the
// company funds, approves or sends back; the talent submits. Every move answers the contract, which is
// shown at once, then read again (with what else the move touched: payments, invoices, assignments).

export type ContractSide = 'company' | 'applicant';

const contractKey = (side: ContractSide, id: string) =>
  side === 'company' ? queryKeys.contracts.company(id) : queryKeys.contracts.applicant(id);

export const contractQueryOptions = (side: ContractSide, id: string) =>
  queryOptions({
    queryKey: contractKey(side, id),
    queryFn: () =>
      side === 'company'
        ? callApi(milestonesContract.companyContract, { params: { id } })
        : callApi(milestonesContract.applicantContract, { params: { id } }),
  });

// Shows the contract a move answered with, then refreshes it and `also` (what the move changed elsewhere).
function useRefreshContract(side: ContractSide, contractId: string, also: ReadonlyArray<readonly string[]> = []) {
  const queryClient = useQueryClient();
  return {
    show: (contract: Contract) => queryClient.setQueryData(contractKey(side, contractId), contract),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractKey(side, contractId) }),
        ...also.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  };
}

interface FundVariables {
  milestoneId: string;
  body: PayInvoiceInput;
  // One per funding attempt: a retry after a network error or a 5xx sends the same key, so the server
  // answers with the first attempt's result instead of charging twice.
  idempotencyKey: string;
}

// Funding is a payment: the company's payment history (and saved methods, with save_method) change too.
export function useFundMilestone(contractId: string) {
  const { show, refresh } = useRefreshContract('company', contractId, [queryKeys.billing.all]);
  return useMutation({
    mutationFn: ({ milestoneId, body, idempotencyKey }: FundVariables): Promise<FundMilestoneResult> =>
      callApi(milestonesContract.fund, {
        params: { id: milestoneId },
        headers: { 'idempotency-key': idempotencyKey },
        body,
      }),
    onSuccess: ({ contract }) => show(contract),
    // A refusal changes things too: a declined card is a failed payment in the history.
    onSettled: refresh,
  });
}

// Approving releases the money: a paid invoice records it.
export function useApproveMilestone(contractId: string) {
  const { show, refresh } = useRefreshContract('company', contractId, [queryKeys.billing.all]);
  return useMutation({
    mutationFn: (milestoneId: string) => callApi(milestonesContract.approve, { params: { id: milestoneId } }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

export function useRequestChanges(contractId: string) {
  const { show, refresh } = useRefreshContract('company', contractId);
  return useMutation({
    mutationFn: ({ milestoneId, ...body }: RequestChangesInput & { milestoneId: string }) =>
      callApi(milestonesContract.requestChanges, { params: { id: milestoneId }, body }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

export function useSubmitMilestone(contractId: string) {
  const { show, refresh } = useRefreshContract('applicant', contractId);
  return useMutation({
    mutationFn: ({ milestoneId, ...body }: SubmitMilestoneInput & { milestoneId: string }) =>
      callApi(milestonesContract.submit, { params: { id: milestoneId }, body }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}
