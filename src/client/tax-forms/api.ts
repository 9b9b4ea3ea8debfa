import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { SubmitTaxFormInput } from '~/shared/tax-forms';

// The talent's own tax form (issue 56): read it, sign a new one, download the signed IRS form.

export const ownTaxFormQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taxForm.own(), queryFn: () => callApi(taxFormsContract.own) });

// A new form changes what the next payout waits for: the balance is refreshed with it.
export function useSubmitTaxForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitTaxFormInput) => callApi(taxFormsContract.submit, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.taxForm.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.talentPayouts.all }),
      ]);
    },
  });
}

export const downloadOwnTaxForm = () => downloadApi(taxFormsContract.ownPdf, 'tax-form.pdf');
