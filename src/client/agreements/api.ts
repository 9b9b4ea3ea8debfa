import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  CreateAgreementTemplate,
  SignAgreement,
  UpdateAgreementSettings,
  UpdateAgreementTemplate,
} from '~/shared/agreements';
import type { QueryOf } from '~/shared/contract';
import { agreementsContract } from '~/shared/contracts/agreements';

export type AgreementListQuery = QueryOf<typeof agreementsContract.companyAgreements>;

// The company's agreement templates in Settings (issue 57): Tandem's defaults and a page of its own; each
// change refreshes the list and the versions.

export {
  AGREEMENT_TEMPLATES_PAGE_SIZE,
  agreementSettingsQueryOptions,
  agreementTemplatesQueryOptions,
} from '~/client/lib/agreement-queries';

export const agreementTemplateVersionsQueryOptions = (id: string, query: { page: number }) =>
  queryOptions({
    queryKey: queryKeys.agreements.versions(id, query),
    queryFn: () => callApi(agreementsContract.templateVersions, { params: { id }, query: { ...query, page_size: 10 } }),
    placeholderData: keepPreviousData,
  });

function useRefreshAgreements() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.agreements.all });
}

export function useCreateAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: (input: CreateAgreementTemplate) => callApi(agreementsContract.createTemplate, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateAgreementTemplate }) =>
      callApi(agreementsContract.updateTemplate, { params: { id }, body: input }),
    onSuccess: refresh,
  });
}

export function useArchiveAgreementTemplate() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: (id: string) => callApi(agreementsContract.archiveTemplate, { params: { id } }),
    onSuccess: refresh,
  });
}

// ---- The agreements sent to hires (decision 056): each side reads its own through its own endpoints.

export type AgreementSide = 'applicant' | 'company' | 'admin';

const listEndpoint = {
  applicant: agreementsContract.ownAgreements,
  company: agreementsContract.companyAgreements,
  admin: agreementsContract.adminAgreements,
} as const;
const detailEndpoint = {
  applicant: agreementsContract.ownAgreement,
  company: agreementsContract.companyAgreement,
  admin: agreementsContract.adminAgreement,
} as const;
const pdfPath = {
  applicant: agreementsContract.ownAgreementPdf.path,
  company: agreementsContract.companyAgreementPdf.path,
  admin: agreementsContract.adminAgreementPdf.path,
} as const;

export const agreementPdfHref = (side: AgreementSide, id: string) => pdfPath[side].replace(':id', () => id);

export const agreementListQueryOptions = (side: AgreementSide, query: AgreementListQuery) =>
  queryOptions({
    queryKey: queryKeys.agreements.list(side, query),
    queryFn: () => callApi(listEndpoint[side], { query }),
    placeholderData: keepPreviousData,
  });

export const agreementQueryOptions = (side: AgreementSide, id: string) =>
  queryOptions({
    queryKey: queryKeys.agreements.detail(side, id),
    queryFn: () => callApi(detailEndpoint[side], { params: { id } }),
  });

export function useUpdateAgreementSettings() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: (input: UpdateAgreementSettings) => callApi(agreementsContract.updateSettings, { body: input }),
    onSuccess: refresh,
  });
}

type SigningSide = Exclude<AgreementSide, 'admin'>;

export function useSendSigningCode(side: SigningSide) {
  return useMutation({
    mutationFn: (id: string) =>
      callApi(side === 'applicant' ? agreementsContract.ownSigningCode : agreementsContract.companySigningCode, {
        params: { id },
      }),
  });
}

export function useSignAgreement(side: SigningSide) {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SignAgreement }) =>
      callApi(side === 'applicant' ? agreementsContract.signAgreement : agreementsContract.countersign, {
        params: { id },
        body: input,
      }),
    onSuccess: refresh,
  });
}

export function useDeclineAgreement() {
  const refresh = useRefreshAgreements();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(agreementsContract.declineAgreement, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

// The company's Remind, Void and Send again.
export function useAgreementAction(action: 'remind' | 'void' | 'resend') {
  const refresh = useRefreshAgreements();
  const endpoint = {
    remind: agreementsContract.remindAgreement,
    void: agreementsContract.voidAgreement,
    resend: agreementsContract.resendAgreement,
  }[action];
  return useMutation({
    mutationFn: (id: string) => callApi(endpoint, { params: { id } }),
    onSuccess: refresh,
  });
}
