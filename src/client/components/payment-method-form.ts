import { type FieldErrors, type Resolver, set, type UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { type AddPaymentMethodInput, addPaymentMethodSchema, type PaymentMethodKind } from '~/shared/billing';

// A new payment method as typed (every field text, as the inputs hold it) and as the API takes it
// (addPaymentMethodSchema: the card's expiry as numbers, the card number's spaces gone).

export interface NewMethodValues {
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
  account_holder: string;
  routing_number: string;
  account_number: string;
  email: string;
}

type NewMethodField = keyof NewMethodValues;

export const emptyNewMethodValues: NewMethodValues = {
  card_number: '',
  exp_month: '',
  exp_year: '',
  cvc: '',
  account_holder: '',
  routing_number: '',
  account_number: '',
  email: '',
};

export const paymentMethodKindLabels: Record<PaymentMethodKind, string> = {
  card: 'Card',
  bank: 'Bank account',
  wallet: 'Wallet',
};

// Anything but digits reads as 0, which the schema refuses with its own sentence ("Enter a valid
// expiry month.") instead of a type error.
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : 0);

function payloadOf(kind: PaymentMethodKind, values: NewMethodValues) {
  if (kind === 'card') {
    return {
      kind,
      card_number: values.card_number,
      exp_month: wholeNumber(values.exp_month),
      exp_year: wholeNumber(values.exp_year),
      cvc: values.cvc.trim(),
    };
  }
  if (kind === 'bank') {
    return {
      kind,
      account_holder: values.account_holder,
      routing_number: values.routing_number.trim(),
      account_number: values.account_number.trim(),
    };
  }
  return { kind, email: values.email };
}

type NewMethodCheck =
  | { method: AddPaymentMethodInput; problems: null }
  | { method: null; problems: Partial<Record<NewMethodField, string>> };

// The shared rules of addPaymentMethodSchema, checked before sending.
export function checkNewMethod(kind: PaymentMethodKind, values: NewMethodValues): NewMethodCheck {
  const result = addPaymentMethodSchema.safeParse(payloadOf(kind, values));
  if (result.success) return { method: result.data, problems: null };
  const problems: Partial<Record<NewMethodField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as NewMethodField;
    if (field in emptyNewMethodValues && !problems[field]) problems[field] = issue.message;
  }
  return { method: null, problems };
}

// A resolver for the fields of `kind()` (null: no new method is being typed, nothing to check).
export function newMethodResolver<Values extends NewMethodValues>(
  kind: () => PaymentMethodKind | null,
): Resolver<Values> {
  return (values) => {
    const current = kind();
    const check = current ? checkNewMethod(current, values) : null;
    if (!check?.problems) return { values, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [field, message] of Object.entries(check.problems)) set(errors, field, { type: 'validate', message });
    return { values: {}, errors };
  };
}

// The server names a new method's fields under new_method when paying ('new_method.card_number') and
// plainly when adding one ('card_number'): both land on the same input.
function newMethodFieldOf(name: string): NewMethodField | null {
  const field = name.replace(/^new_method\./, '');
  return field in emptyNewMethodValues ? (field as NewMethodField) : null;
}

// Puts the server's messages about a new method's fields next to them, and returns the sentence for
// the dialog's banner: a refusal about anything else (a declined card, a paid invoice), the fallback
// when no answer came, or null when every message found its field.
export function applyNewMethodErrors(
  form: { setError: UseFormSetError<NewMethodValues> },
  error: unknown,
  fallback: string,
): string | null {
  if (!isApiError(error)) return fallback;
  const named = Object.entries(error.fields);
  let isEveryMessagePlaced = named.length > 0;
  named.forEach(([name, message]) => {
    const field = newMethodFieldOf(name);
    if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
    else isEveryMessagePlaced = false;
  });
  return isEveryMessagePlaced ? null : errorMessage(error, fallback);
}
