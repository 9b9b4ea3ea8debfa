import type { PayoutCurrency } from '~/shared/currencies';
import {
  type AddPayoutMethodInput,
  type BankCodeType,
  newPayoutMethodSchema,
  type PayoutMethodKind,
} from '~/shared/payouts';
import { checkProof, emptyProof, type ProofValues, proofFieldName, proofFields } from './payout-proof';

// What the Add payout method form holds: the kind, every field of a bank account and of a wallet as
// typed, and the proof. Only the chosen kind's fields are checked and sent (newPayoutMethodSchema).

export type NewPayoutMethodKind = Exclude<PayoutMethodKind, 'stripe_connect'>;
export const newPayoutMethodKinds: readonly NewPayoutMethodKind[] = ['bank_account', 'wise', 'payoneer', 'paypal'];

export interface PayoutMethodFormValues extends ProofValues {
  kind: NewPayoutMethodKind;
  currency: PayoutCurrency;
  holder_name: string;
  bank_name: string;
  account_number: string;
  bank_code_type: BankCodeType;
  bank_code: string;
  email: string;
}

type PayoutMethodField = keyof PayoutMethodFormValues;

export const emptyPayoutMethodValues: PayoutMethodFormValues = {
  kind: 'bank_account',
  currency: 'USD',
  holder_name: '',
  bank_name: '',
  account_number: '',
  bank_code_type: 'swift',
  bank_code: '',
  email: '',
  ...emptyProof,
};

// In the form's order, so the first field a server message names is the first on screen.
export const payoutMethodFormFields: readonly PayoutMethodField[] = [
  'kind',
  'currency',
  'holder_name',
  'bank_name',
  'account_number',
  'bank_code_type',
  'bank_code',
  'email',
  ...proofFields,
];

// The server names the method's fields under method ('method.account_number') or plainly
// ('account_number'), and the proof's under proof: each lands on its input.
export const payoutMethodFieldName = (serverName: string) => proofFieldName(serverName.replace(/^method\./, ''));

function methodOf(values: PayoutMethodFormValues) {
  if (values.kind === 'bank_account') {
    const { kind, currency, holder_name, bank_name, account_number, bank_code_type, bank_code } = values;
    return { kind, currency, holder_name, bank_name, account_number, bank_code_type, bank_code };
  }
  return { kind: values.kind, currency: values.currency, email: values.email };
}

type PayoutMethodCheck =
  | { body: AddPayoutMethodInput; problems: null }
  | { body: null; problems: Partial<Record<PayoutMethodField, string>> };

// The request when every rule holds, or each field's first message.
export function checkPayoutMethodForm(values: PayoutMethodFormValues, hasPassword: boolean): PayoutMethodCheck {
  const parsed = newPayoutMethodSchema.safeParse(methodOf(values));
  const proof = checkProof(values, hasPassword);
  const problems: Partial<Record<PayoutMethodField, string>> = { ...proof.problems };
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'kind');
    const known = payoutMethodFormFields.find((name) => name === field) ?? 'kind';
    problems[known] ??= issue.message;
  }
  if (!parsed.success || !proof.proof) return { body: null, problems };
  return { body: { method: parsed.data, proof: proof.proof }, problems: null };
}
