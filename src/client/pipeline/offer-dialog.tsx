import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { DatePicker } from '~/client/components/date-picker';
import {
  agreementsErrorOf,
  OfferAgreementsField,
  useOfferAgreements,
} from '~/client/components/offer-agreements-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { WEEKLY_HOURS_MAX, WEEKLY_HOURS_MIN } from '~/shared/jobs';
import { currencySymbolOf } from '~/shared/money-format';
import { type ApplicationDetail, OFFER_RATE_MAX, OFFER_RATE_MIN } from '~/shared/pipeline';
import { useMakeOffer } from './api';
import { FixedPriceOfferForm } from './fixed-price-offer-form';
import {
  checkOfferForm,
  initialOfferValues,
  OFFER_FAILURE_TEXT,
  type OfferFormValues,
  offerFormFields,
} from './offer-form-values';

// Make Offer: the hourly rate, weekly hours and start date (from the calendar the job form uses) the
// applicant accepts or declines in My Applications; for a fixed-price job, a total split into milestones
// (fixed-price-offer-form.tsx). The server's rules are checked before sending; what the server still
// refuses shows next to its field, or above the buttons.
export function OfferDialog({
  application,
  open,
  onOpenChange,
}: {
  application: ApplicationDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isFixedPrice = application.job.engagement_type === 'fixed';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Make Offer"
        description={`Offer ${application.job.title} to ${application.applicant.name}. They accept or decline it in My Applications.`}
        className={isFixedPrice ? 'max-w-2xl' : undefined}
      >
        {/* Mounted while open only, so each opening starts from the application's current figures. */}
        {open &&
          (isFixedPrice ? (
            <FixedPriceOfferForm application={application} onDone={() => onOpenChange(false)} />
          ) : (
            <OfferForm application={application} onDone={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function OfferForm({ application, onDone }: { application: ApplicationDetail; onDone: () => void }) {
  const makeOffer = useMakeOffer();
  const agreements = useOfferAgreements(application.job.id);
  const [agreementsError, setAgreementsError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<OfferFormValues> = (values) => {
    const { problems } = checkOfferForm(values);
    if (!problems) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return { values: {}, errors: errors as FieldErrors<OfferFormValues> };
  };
  const form = useForm<OfferFormValues>({ defaultValues: initialOfferValues(application), resolver });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { offer } = checkOfferForm(values);
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
      setBanner(applyServerError(form, error, { fields: offerFormFields, fallback: OFFER_FAILURE_TEXT }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label={`Hourly rate (${application.currency})`}
        error={errors.rate?.message}
        hint={
          application.proposal_rate == null
            ? undefined
            : `They proposed ${currencySymbolOf(application.currency)}${application.proposal_rate}/hr.`
        }
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={OFFER_RATE_MIN}
            max={OFFER_RATE_MAX}
            step="0.01"
            {...form.register('rate')}
          />
        )}
      </FormField>
      <FormField
        label="Weekly hours"
        error={errors.weekly_hours?.message}
        hint={`Between ${WEEKLY_HOURS_MIN} and ${WEEKLY_HOURS_MAX} hours a week.`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={WEEKLY_HOURS_MIN}
            max={WEEKLY_HOURS_MAX}
            step={1}
            {...form.register('weekly_hours')}
          />
        )}
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
