import { useState } from 'react';
import { Controller, type Path, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DatePicker } from '~/client/components/date-picker';
import { MilestoneListFooter, MilestoneRowFields, MilestonesBalance } from '~/client/components/milestone-row-fields';
import {
  agreementsErrorOf,
  OfferAgreementsField,
  useOfferAgreements,
} from '~/client/components/offer-agreements-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { formatCents } from '~/shared/billing-texts';
import { milestoneTexts } from '~/shared/milestones';
import type { ApplicationDetail } from '~/shared/pipeline';
import { useMakeFixedPriceOffer } from './api';
import {
  checkFixedOfferForm,
  emptyOfferMilestone,
  type FixedOfferFormValues,
  fixedOfferFormFields,
  initialFixedOfferValues,
  OFFER_FAILURE_TEXT,
  toFixedOfferFieldName,
} from './offer-form-values';

// Make Offer for a fixed-price job (docs/decisions/035): the total price, the start date, and one to
// MILESTONES_MAX milestones (title, optional description, amount, due date) that add up to the total to the
// cent, with the running sum under them. Amounts are in the company's currency, sent as whole minor units
// read from the text typed. The
// server's rules (fixedPriceOfferSchema) are checked before sending, each message beside its field.
export function FixedPriceOfferForm({ application, onDone }: { application: ApplicationDetail; onDone: () => void }) {
  const makeOffer = useMakeFixedPriceOffer();
  const agreements = useOfferAgreements(application.job.id);
  const [agreementsError, setAgreementsError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const { currency } = application;
  const resolver: Resolver<FixedOfferFormValues> = (values) => {
    const { problems } = checkFixedOfferForm(values, currency);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<FixedOfferFormValues>(problems, ['milestones']) };
  };
  const form = useForm<FixedOfferFormValues>({ defaultValues: initialFixedOfferValues(application), resolver });
  const { errors, isSubmitting } = form.formState;
  const milestones = useFieldArray({ control: form.control, name: 'milestones' });
  const typed = useWatch({ control: form.control });
  const count = milestones.fields.length;

  const submit = form.handleSubmit(async (values) => {
    const { offer } = checkFixedOfferForm(values, currency);
    if (!offer) return;
    setBanner(null);
    try {
      await makeOffer.mutateAsync({ id: application.id, ...offer, agreements: agreements.chosen });
      toast({
        title: 'Offer sent',
        description: `${application.applicant.name} can accept or decline it in My Applications.`,
      });
      onDone();
    } catch (error) {
      setAgreementsError(agreementsErrorOf(error));
      setBanner(
        applyServerError(form, error, {
          fields: fixedOfferFormFields(values.milestones.length) as Path<FixedOfferFormValues>[],
          fallback: OFFER_FAILURE_TEXT,
          formNameOf: toFixedOfferFieldName,
        }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <p className="text-sm text-muted-foreground">{milestoneTexts.fixedPriceJob}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`Total price (${currency})`}
          error={errors.total?.message}
          hint={
            application.job.budget_total_cents == null
              ? undefined
              : `The job’s budget is ${formatCents(application.job.budget_total_cents, currency)}.`
          }
        >
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('total')} />}
        </FormField>
        <FormField label="Start date" error={errors.start_date?.message} hint="Today or later.">
          {(control) => (
            <Controller
              control={form.control}
              name="start_date"
              render={({ field }) => (
                <DatePicker
                  {...control}
                  ref={field.ref}
                  label="Start date"
                  value={field.value || null}
                  onChange={(day) => field.onChange(day ?? '')}
                  disablePast
                />
              )}
            />
          )}
        </FormField>
      </div>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-semibold">Milestones</legend>
        <ol className="grid gap-3">
          {milestones.fields.map((field, index) => (
            <li key={field.id} className="min-w-0">
              <MilestoneRowFields
                form={form}
                name={`milestones.${index}`}
                number={index + 1}
                errors={errors.milestones?.[index]}
                canRemove={count > 1}
                onRemove={() => milestones.remove(index)}
                currency={currency}
              />
            </li>
          ))}
        </ol>
        <MilestoneListFooter
          error={errors.milestones?.root?.message}
          count={count}
          onAdd={() => milestones.append({ ...emptyOfferMilestone })}
          summary={<MilestonesBalance rows={typed.milestones ?? []} total={typed.total ?? ''} currency={currency} />}
        />
      </fieldset>

      <OfferAgreementsField chosen={agreements.chosen} onChange={agreements.setChosen} error={agreementsError} />
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending offer...' : 'Send Offer'}
        </Button>
      </DialogFooter>
    </form>
  );
}
