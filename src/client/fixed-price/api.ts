import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { PayInvoiceInput } from '~/shared/billing';
import { invoicesContract } from '~/shared/contracts/billing';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import type {
  Contract,
  FundMilestoneResult,
  Milestone,
  MilestoneFile,
  OpenDisputeInput,
  ProposalAnswer,
  ProposeMilestonesInput,
  RequestChangesInput,
  SubmitMilestoneInput,
} from '~/shared/milestones';

// A fixed-price contract (docs/decisions/035) as each side reads it, and the moves of its milestones: the
// company funds, approves or sends back; the talent attaches files, submits, or gives the money back;
// either side disputes submitted work, and proposes (or answers) a change to the milestones not funded yet.
// Every move answers the contract, which is shown at once, then read again (with what else the move
// touched: payments, invoices, assignments).

export type ContractSide = 'company' | 'applicant';

const contractKey = (side: ContractSide, id: string) =>
  side === 'company' ? queryKeys.contracts.company(id) : queryKeys.contracts.applicant(id);

export const contractQueryOptions = (side: ContractSide, id: string) =>
  queryOptions({
    queryKey: contractKey(side, id),
    queryFn: () =>
      side === 'company'
        ? callApi(fixedPriceContract.companyContract, { params: { id } })
        : callApi(fixedPriceContract.applicantContract, { params: { id } }),
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
      callApi(fixedPriceContract.fund, {
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
    mutationFn: (milestoneId: string) => callApi(fixedPriceContract.approve, { params: { id: milestoneId } }),
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
      callApi(fixedPriceContract.requestChanges, { params: { id: milestoneId }, body }),
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
      callApi(fixedPriceContract.submit, { params: { id: milestoneId }, body }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

// The files of the next submission answer only themselves: the contract shown gains or loses the file at
// once (the Submit Work dialog lists the waiting ones from it), then is read again.
function useChangeMilestoneFiles(contractId: string) {
  const queryClient = useQueryClient();
  const { refresh } = useRefreshContract('applicant', contractId);
  const change = (milestoneId: string, files: (files: MilestoneFile[]) => MilestoneFile[]) =>
    queryClient.setQueryData<Contract>(contractKey('applicant', contractId), (contract) =>
      contract
        ? {
            ...contract,
            milestones: contract.milestones.map(
              (milestone): Milestone =>
                milestone.id === milestoneId ? { ...milestone, files: files(milestone.files) } : milestone,
            ),
          }
        : contract,
    );
  return { change, refresh };
}

// The body is the file's raw bytes with its own type; its name goes beside it, as a message's attachment.
export function useUploadMilestoneFile(contractId: string) {
  const { change, refresh } = useChangeMilestoneFiles(contractId);
  return useMutation({
    mutationFn: ({ milestoneId, file }: { milestoneId: string; file: File }) =>
      callApi(
        fixedPriceContract.uploadFile,
        { params: { id: milestoneId }, body: file },
        { headers: { 'X-File-Name': encodeURIComponent(file.name) } },
      ),
    onSuccess: async (uploaded, { milestoneId }) => {
      change(milestoneId, (files) => [...files, uploaded]);
      await refresh();
    },
  });
}

export function useRemoveMilestoneFile(contractId: string) {
  const { change, refresh } = useChangeMilestoneFiles(contractId);
  return useMutation({
    mutationFn: ({ milestoneId, fileId }: { milestoneId: string; fileId: string }) =>
      callApi(fixedPriceContract.removeFile, { params: { id: milestoneId, file_id: fileId } }),
    onSuccess: async (_, { milestoneId, fileId }) => {
      change(milestoneId, (files) => files.filter((file) => file.id !== fileId));
      await refresh();
    },
  });
}

// Either side disputes submitted work; an administrator settles it, the money held meanwhile.
export function useOpenDispute(side: ContractSide, contractId: string) {
  const { show, refresh } = useRefreshContract(side, contractId);
  return useMutation({
    mutationFn: ({ milestoneId, ...body }: OpenDisputeInput & { milestoneId: string }) =>
      side === 'company'
        ? callApi(fixedPriceContract.companyDispute, { params: { id: milestoneId }, body })
        : callApi(fixedPriceContract.applicantDispute, { params: { id: milestoneId }, body }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

// The talent gives a funded milestone's money back: the whole charge is refunded to the company.
export function useRefundMilestone(contractId: string) {
  const { show, refresh } = useRefreshContract('applicant', contractId);
  return useMutation({
    mutationFn: (milestoneId: string) => callApi(fixedPriceContract.refund, { params: { id: milestoneId } }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

// Either side proposes a new version of the milestones not funded yet (decision 035): it waits on the
// contract (pending_proposal) for the other side's answer.
export function useProposeMilestones(side: ContractSide, contractId: string) {
  const { show, refresh } = useRefreshContract(side, contractId);
  return useMutation({
    mutationFn: (body: ProposeMilestonesInput) =>
      side === 'company'
        ? callApi(fixedPriceContract.companyPropose, { params: { id: contractId }, body })
        : callApi(fixedPriceContract.applicantPropose, { params: { id: contractId }, body }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

// The other side accepts (the milestones change) or declines a proposal; the proposer may withdraw it.
export function useAnswerProposal(side: ContractSide, contractId: string) {
  const { show, refresh } = useRefreshContract(side, contractId);
  return useMutation({
    mutationFn: ({ proposalId, answer }: { proposalId: string; answer: ProposalAnswer }) =>
      side === 'company'
        ? callApi(fixedPriceContract.companyAnswerProposal, { params: { id: proposalId }, body: { answer } })
        : callApi(fixedPriceContract.applicantAnswerProposal, { params: { id: proposalId }, body: { answer } }),
    onSuccess: async (contract) => {
      show(contract);
      await refresh();
    },
  });
}

// The credit note of what went back to the company's card of a milestone (decision 048).
export const downloadMilestoneCreditNote = (note: NonNullable<Milestone['credit_note']>) =>
  downloadApi(invoicesContract.creditNotePdf, `${note.number}.pdf`, { params: { id: note.id } });
