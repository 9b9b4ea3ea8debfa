import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { formatIsoDay, toIsoDay } from '~/client/lib/iso-day';
import { adminAssignmentTexts } from '~/shared/admin-assignments';
import { type Assignment, type ChangeAssignmentTermsInput, formatCents } from '~/shared/billing';
import { useChangeAdminAssignmentTerms } from './api';

export const changeTermsTexts = {
  rateInvalid: 'Enter the rate in dollars, like 45.50.',
  nothingChanged: 'Change the rate, the weekly hours, or both.',
  failed: 'The terms were not changed. Please try again.',
} as const;

// What was typed: an empty box keeps that term as it is; the rate is dollars, sent as cents.
const termsFormSchema = z
  .object({
    rate: z
      .string()
      .trim()
      .refine((rate) => rate === '' || /^\d+(\.\d{1,2})?$/.test(rate), { message: changeTermsTexts.rateInvalid })
      .refine((rate) => rate === '' || Number(rate) >= 1, { message: adminAssignmentTexts.rateTooLow }),
    weekly_hours: z
      .string()
      .trim()
      .refine((hours) => hours === '' || (/^\d+$/.test(hours) && Number(hours) >= 1 && Number(hours) <= 60), {
        message: adminAssignmentTexts.weeklyHoursRange,
      }),
    effective_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'The effective date must be a date (YYYY-MM-DD).' }),
  })
  .refine((values) => values.rate !== '' || values.weekly_hours !== '', {
    message: changeTermsTexts.nothingChanged,
    path: ['rate'],
  });
type TermsFormValues = z.infer<typeof termsFormSchema>;

export function toTermsInput(values: TermsFormValues): ChangeAssignmentTermsInput {
  return {
    ...(values.rate !== '' && { rate_cents: Math.round(Number(values.rate) * 100) }),
    ...(values.weekly_hours !== '' && { weekly_hours: Number(values.weekly_hours) }),
    effective_date: values.effective_date,
  };
}

export function ChangeTermsDialog({
  assignment,
  onOpenChange,
}: {
  assignment: Assignment | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={assignment !== null} onOpenChange={onOpenChange}>
      {assignment && (
        <DialogContent
          title="Change terms"
          description={`${assignment.applicant_name} (${assignment.role}, ${assignment.company_name}) works at ${formatCents(assignment.rate_cents)}/h for ${assignment.weekly_hours} h a week. Change the rate, the weekly hours, or both, from a date.`}
        >
          <ChangeTermsForm assignment={assignment} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ChangeTermsForm({ assignment, onDone }: { assignment: Assignment; onDone: () => void }) {
  const change = useChangeAdminAssignmentTerms();
  const [banner, setBanner] = useState<string | null>(null);
  const today = toIsoDay(new Date());
  const form = useForm<TermsFormValues>({
    defaultValues: {
      rate: '',
      weekly_hours: '',
      effective_date: assignment.start_date > today ? assignment.start_date : today,
    },
    resolver: zodResolver(termsFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const input = toTermsInput(values);
    try {
      await change.mutateAsync({ id: assignment.id, ...input });
      toast({
        title: 'Terms changed',
        description: `New terms for ${assignment.applicant_name} apply from ${formatIsoDay(input.effective_date)}.`,
      });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['weekly_hours', 'effective_date'],
          fallback: changeTermsTexts.failed,
        }),
      );
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="New hourly rate (USD)"
          error={errors.rate?.message === changeTermsTexts.nothingChanged ? undefined : errors.rate?.message}
          hint={`Now ${formatCents(assignment.rate_cents)}/h`}
        >
          {(control) => (
            <Input {...control} type="number" inputMode="decimal" min={1} step="0.01" {...form.register('rate')} />
          )}
        </FormField>
        <FormField
          label="New weekly hours"
          error={errors.weekly_hours?.message}
          hint={`Now ${assignment.weekly_hours} h`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={60}
              step={1}
              {...form.register('weekly_hours')}
            />
          )}
        </FormField>
      </div>
      <FormField
        label="Effective date"
        error={errors.effective_date?.message}
        hint="The new terms apply from this day."
      >
        {(control) => <Input {...control} type="date" {...form.register('effective_date')} />}
      </FormField>
      {errors.rate?.message === changeTermsTexts.nothingChanged && (
        <FieldError>{changeTermsTexts.nothingChanged}</FieldError>
      )}
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Change Terms"
        pendingLabel="Changing..."
        isPending={isSubmitting}
      />
    </form>
  );
}
