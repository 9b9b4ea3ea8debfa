import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import {
  BillingCurrencyField,
  type BillingPartyField,
  BillingPartyFields,
  billingPartyFields,
} from '~/client/components/billing-party-fields';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { basisPointsToPercent, percentToBasisPoints } from '~/client/lib/percent';
import {
  type AdminUpdateBillingDetails,
  adminUpdateBillingDetailsSchema,
  type BillingDetails,
  billingDetailsTexts,
} from '~/shared/billing-details';
import { useUpdateCompanyBilling } from './api';

// The rates are typed as text: the percentage becomes basis points from its digits (lib/percent.ts), the
// days a whole number; the shared schema then checks what would be sent.
type CompanyBillingValues = Record<BillingPartyField, string> & {
  currency?: BillingDetails['currency'];
  tax_rate_percent: string;
  payment_terms_days: string;
};
const formFields = [...billingPartyFields, 'currency', 'tax_rate_percent', 'payment_terms_days'] as const;

const toPayload = ({ tax_rate_percent, payment_terms_days, ...party }: CompanyBillingValues) => ({
  ...party,
  tax_rate_basis_points: percentToBasisPoints(tax_rate_percent),
  payment_terms_days: /^\s*\d{1,3}\s*$/.test(payment_terms_days) ? Number(payment_terms_days) : Number.NaN,
});

// The server names the stored field; the form shows the percentage.
const formNameOf = (field: string) => (field === 'tax_rate_basis_points' ? 'tax_rate_percent' : field);

const resolver: Resolver<CompanyBillingValues, unknown, AdminUpdateBillingDetails> = (values) => {
  const checked = adminUpdateBillingDetailsSchema.safeParse(toPayload(values));
  if (checked.success) return { values: checked.data, errors: {} };
  const problems: Record<string, string> = {};
  for (const issue of checked.error.issues) problems[formNameOf(issue.path.join('.'))] ??= issue.message;
  return { values: {}, errors: toFieldErrors<CompanyBillingValues>(problems) };
};

const SAVE_FAILED = 'The billing details were not saved. Please check your connection and try again.';

// A company's billing details in its drawer (CompanyBillingSection loads this with react-hook-form and the
// schema): what the company writes, and the tax rate and payment terms only an administrator sets.
export function CompanyBillingForm({ companyId, stored }: { companyId: string; stored: BillingDetails }) {
  const save = useUpdateCompanyBilling(companyId);
  const [banner, setBanner] = useState<string | null>(null);
  const {
    tax_rate_basis_points,
    payment_terms_days,
    currency_is_fixed,
    vat_check: _vatCheck,
    vat_checked_at: _vatCheckedAt,
    ...party
  } = stored;
  const form = useForm<CompanyBillingValues, unknown, AdminUpdateBillingDetails>({
    resolver,
    defaultValues: {
      ...party,
      tax_rate_percent: basisPointsToPercent(tax_rate_basis_points),
      payment_terms_days: String(payment_terms_days),
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (details) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync(details);
      // What is stored now is what the form starts from: nothing left to save.
      const {
        tax_rate_basis_points: rate,
        payment_terms_days: days,
        currency_is_fixed: _fixed,
        vat_check: _check,
        vat_checked_at: _checkedAt,
        ...savedParty
      } = saved;
      form.reset({ ...savedParty, tax_rate_percent: basisPointsToPercent(rate), payment_terms_days: String(days) });
      toast({ title: billingDetailsTexts.updated, description: 'The company’s next invoices will show them.' });
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: formFields, fallback: SAVE_FAILED, formNameOf }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Billing details">
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <BillingPartyFields
        registerField={(name) => form.register(name)}
        errors={Object.fromEntries(billingPartyFields.map((name) => [name, errors[name]?.message]))}
      />
      <BillingCurrencyField
        register={form.register('currency')}
        error={errors.currency?.message}
        isFixed={currency_is_fixed}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Tax rate (%)"
          hint="Up to two decimals: 8.25 for 8.25%."
          error={errors.tax_rate_percent?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" {...form.register('tax_rate_percent')} />}
        </FormField>
        <FormField
          label="Payment terms (days)"
          hint="Days from issue to due date; 0 is due on issue."
          error={errors.payment_terms_days?.message}
        >
          {(control) => <Input {...control} inputMode="numeric" {...form.register('payment_terms_days')} />}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">{billingDetailsTexts.fromNowOn}</p>
      <div className="flex justify-end">
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Billing Details'}
        </Button>
      </div>
    </form>
  );
}
