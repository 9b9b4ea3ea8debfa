import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { centsToDollars } from '~/client/lib/dollars';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { formatCents } from '~/shared/billing-texts';
import {
  type DisputeDetail,
  type DisputeSummary,
  SETTLEMENT_NOTE_MAX,
  type SettleDisputeInput,
} from '~/shared/milestones';
import { useSettleDispute } from './api';
import {
  checkSettleForm,
  type SettleFormValues,
  settleFormFields,
  toSettleFieldName,
  typedRelease,
} from './settle-form-values';
import { halfOf, type SettlementSplit, splitCharge } from './settlement';
import { SettlementBreakdown } from './settlement-breakdown';

const SETTLE_FAILED = 'The dispute was not settled. Please try again.';

// What the confirm says the settlement does with the money.
function settlementSentence(split: SettlementSplit, dispute: DisputeSummary): string {
  const { applicant_name: talent, company_name: company } = dispute;
  const release = `${formatCents(split.releaseCents)} is released to ${talent} (${company} pays ${formatCents(split.invoicedCents)} for it with its fee and tax)`;
  if (split.releaseCents === 0)
    return `Nothing is released to ${talent}: the whole charge, ${formatCents(split.refundCents)}, is refunded to ${company}.`;
  if (split.refundCents === 0) return `${release}; nothing is refunded.`;
  return `${release} and ${formatCents(split.refundCents)} is refunded to ${company}.`;
}

// Settle (docs/decisions/035): how much of what is held goes to the talent, typed in dollars or picked
// (all, none, half), the charge's split shown to the cent as it is typed, a note both sides read, then a
// confirm. The server's answer, the settled dispute, replaces the view; its refusals stay in the form.
export function SettleDisputeForm({ detail }: { detail: DisputeDetail }) {
  const { dispute, charge } = detail;
  const funded = dispute.funded_cents;
  const settle = useSettleDispute(dispute.id);
  const headingId = useId();
  const [banner, setBanner] = useState<string | null>(null);
  // The checked payload awaiting the confirm.
  const [asked, setAsked] = useState<SettleDisputeInput | null>(null);
  const resolver: Resolver<SettleFormValues> = (values) => {
    const { problems } = checkSettleForm(values, funded);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<SettleFormValues>(problems) };
  };
  const form = useForm<SettleFormValues>({ defaultValues: { release: '', note: '' }, resolver });
  const { errors, isSubmitted } = form.formState;
  const release = typedRelease(useWatch({ control: form.control, name: 'release' }) ?? '', funded);

  const pick = (cents: number) =>
    form.setValue('release', centsToDollars(cents), { shouldDirty: true, shouldValidate: isSubmitted });

  const review = form.handleSubmit((values) => {
    const { body } = checkSettleForm(values, funded);
    if (!body) return;
    setBanner(null);
    setAsked(body);
  });

  async function confirm(body: SettleDisputeInput) {
    try {
      const settled = await settle.mutateAsync(body);
      setAsked(null);
      const split = splitCharge(settled.charge, settled.dispute.released_cents);
      toast({
        title: 'Dispute settled',
        description: `${formatCents(split.releaseCents)} released to ${settled.dispute.applicant_name}, ${formatCents(split.refundCents)} refunded to ${settled.dispute.company_name}. Both sides are told.`,
      });
    } catch (error) {
      setAsked(null);
      setBanner(
        applyServerError(form, error, {
          fields: settleFormFields,
          fallback: SETTLE_FAILED,
          formNameOf: toSettleFieldName,
        }),
      );
    }
  }

  const askedSplit = asked ? splitCharge(charge, asked.release_cents) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-1 gap-4 rounded-md border border-border p-3 sm:p-4"
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          Settle
        </h3>
        <p className="text-sm text-muted-foreground">
          Release part of the {formatCents(funded)} held to {dispute.applicant_name}, all of it or none; the rest of the
          charge goes back to {dispute.company_name}.
        </p>
      </div>
      <form noValidate className="grid grid-cols-1 gap-4" onSubmit={review}>
        <FormField
          label="Release to the talent (USD)"
          error={errors.release?.message}
          hint={`Between $0.00 and ${formatCents(funded)}.`}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...form.register('release')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => pick(funded)}>
            Release all
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => pick(0)}>
            Refund all
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => pick(halfOf(funded))}>
            Split 50/50
          </Button>
        </div>
        <div className="rounded-md bg-muted/50 p-3">
          {release === null ? (
            <p className="text-sm text-muted-foreground">Type an amount to see how the charge is split.</p>
          ) : (
            <SettlementBreakdown
              label="Settlement breakdown"
              charge={charge}
              releaseCents={release}
              companyName={dispute.company_name}
              applicantName={dispute.applicant_name}
            />
          )}
        </div>
        <FormField
          label="Note to both sides"
          error={errors.note?.message}
          hint={`${dispute.company_name} and ${dispute.applicant_name} read it with the settlement.`}
        >
          {(control) => <Textarea {...control} rows={3} maxLength={SETTLEMENT_NOTE_MAX} {...form.register('note')} />}
        </FormField>
        {banner && <Alert variant="destructive">{banner}</Alert>}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button type="submit">Settle Dispute</Button>
        </div>
      </form>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open && !settle.isPending) setAsked(null);
        }}
        title="Settle this dispute?"
        description={
          askedSplit
            ? `${settlementSentence(askedSplit, dispute)} Both sides are told, with your note. This cannot be undone.`
            : ''
        }
        confirmLabel={settle.isPending ? 'Settling...' : 'Settle'}
        pending={settle.isPending}
        onConfirm={() => {
          if (asked) void confirm(asked);
        }}
      />
    </section>
  );
}
