import { queryOptions } from '@tanstack/react-query';
import { paymentsContract } from '~/shared/contracts/payments';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// The company's saved payment methods, which more than one feature pays with: an invoice (billing) and a
// fixed-price milestone's funding (fixed-price). Below both, so neither imports the other; billing/api.ts
// keeps the changes to them.
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.paymentMethods(),
    queryFn: () => callApi(paymentsContract.paymentMethods),
  });
