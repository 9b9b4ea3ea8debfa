import { defineContract } from '../contract';
import { earningsListSchema, earningsQuerySchema, earningsSummarySchema } from '../earnings';

// The talent's earnings (decision 024): their approved weeks and what each earns them, and the totals.
// Their own only; paying the talent extends both with payouts and the balance.
export const earningsContract = defineContract(
  { name: 'earnings', tags: ['earnings'] },
  {
    weeks: {
      method: 'GET',
      path: '/api/applicant/earnings',
      summary: 'Your approved weeks, newest first: hours, what each earns you, when approved, whether invoiced',
      query: earningsQuerySchema,
      responses: { 200: earningsListSchema },
    },
    summary: {
      method: 'GET',
      path: '/api/applicant/earnings/summary',
      summary: 'Your earnings added up: approved, invoiced, and awaiting the company’s invoice',
      responses: { 200: earningsSummarySchema },
    },
  },
);
