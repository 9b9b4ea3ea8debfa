import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatHourlyRate, hourlyTermsOf } from '~/client/components/assignment-terms';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { formatIsoDay, toIsoDay } from '~/client/lib/iso-day';
import { adminAssignmentTexts } from '~/shared/admin-assignments';
import {
  type Assignment,
  type ChangeAssignmentTermsInput,
  type EndAssignmentInput,
  endAssignmentSchema,
} from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { type Currency, minorUnitsOf } from '~/shared/currencies';
import { parseMoney } from '~/shared/money-format';
import { possessive } from '~/shared/possessive';

// Change terms and End, as the company (its own people) and the administrator (anyone) see them: one
// form each, given the mutation of the caller's API.

const assignmentDialogTexts = {
  // The company's billing currency's smallest rate: 'The rate must be at least $1.00 an hour.'
  rateTooLow: (currency: Currency) =>
    `The rate must be at least ${formatCents(oneUnitOf(currency), currency)} an hour.`,
  nothingChanged: 'Change the rate, the weekly hours, or both.',
  termsFailed: 'The terms were not changed. Please try again.',
  endFailed: 'The assignment was not ended. Please try again.',
} as const;

type WithId<Input> = Input & { id: string };

// ---------------------------------------------------------------- change terms

// One whole unit of a currency in its minor units: 100 cents.
const oneUnitOf = (currency: Currency) => 10 ** minorUnitsOf(currency);

// What was typed: an empty box keeps that term as it is; the rate is in the company's currency, read with
// its decimals (parseMoney) and sent as minor units.
const termsFormSchemaOf = (currency: Currency) =>
  z
    .object({
      rate: z
        .string()
        .trim()
        .superRefine((rate, context) => {
          if (rate === '') return;
          const parsed = parseMoney(rate, currency);
          if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error });
          else if (parsed.minor < oneUnitOf(currency)) {
            context.addIssue({ code: 'custom', message: assignmentDialogTexts.rateTooLow(currency) });
          }
        }),
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
      message: assignmentDialogTexts.nothingChanged,
      path: ['rate'],
    });
type TermsFormValues = z.infer<ReturnType<typeof termsFormSchemaOf>>;

function toTermsInput(values: TermsFormValues, currency: Currency): ChangeAssignmentTermsInput {
  const rate = values.rate === '' ? null : parseMoney(values.rate, currency);
  return {
    ...(rate?.ok && { rate_cents: rate.minor }),
    ...(values.weekly_hours !== '' && { weekly_hours: Number(values.weekly_hours) }),
    effective_date: values.effective_date,
  };
}

export function ChangeTermsDialog({
  assignment,
  describe,
  changeTerms,
  onOpenChange,
}: {
  assignment: Assignment | null;
  // Who works for whom, as the caller knows them: "Grace Hopper (Data Analyst)".
  describe: (assignment: Assignment) => string;
  changeTerms: (input: WithId<ChangeAssignmentTermsInput>) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}) {
  // Only an hourly assignment has terms to change; a fixed price's milestones change on its contract.
  const terms = assignment && hourlyTermsOf(assignment);
  return (
    <Dialog open={assignment !== null && terms !== null} onOpenChange={onOpenChange}>
      {assignment && terms && (
        <DialogContent
          title="Change terms"
          description={`${describe(assignment)} works at ${formatHourlyRate(terms.rate_cents, assignment.currency)} for ${terms.weekly_hours} h a week. Change the rate, the weekly hours, or both, from a date.`}
        >
          <ChangeTermsForm
            assignment={assignment}
            terms={terms}
            changeTerms={changeTerms}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ChangeTermsForm({
  assignment,
  terms,
  changeTerms,
  onDone,
}: {
  assignment: Assignment;
  terms: { rate_cents: number; weekly_hours: number };
  changeTerms: (input: WithId<ChangeAssignmentTermsInput>) => Promise<unknown>;
  onDone: () => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const today = toIsoDay(new Date());
  const form = useForm<TermsFormValues>({
    // New terms take effect from today at the earliest, and not before the assignment starts.
    defaultValues: {
      rate: '',
      weekly_hours: '',
      effective_date: assignment.start_date > today ? assignment.start_date : today,
    },
    resolver: zodResolver(termsFormSchemaOf(assignment.currency)),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const input = toTermsInput(values, assignment.currency);
    try {
      await changeTerms({ id: assignment.id, ...input });
      toast({
        title: 'Terms changed',
        description: `New terms for ${assignment.applicant_name} apply from ${formatIsoDay(input.effective_date)}.`,
      });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['weekly_hours', 'effective_date'],
          fallback: assignmentDialogTexts.termsFailed,
        }),
      );
    }
  });
  const isNothingChanged = errors.rate?.message === assignmentDialogTexts.nothingChanged;
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`New hourly rate (${assignment.currency})`}
          error={isNothingChanged ? undefined : errors.rate?.message}
          hint={`Now ${formatHourlyRate(terms.rate_cents, assignment.currency)}`}
        >
          {(control) => (
            <Input {...control} type="number" inputMode="decimal" min={1} step="0.01" {...form.register('rate')} />
          )}
        </FormField>
        <FormField label="New weekly hours" error={errors.weekly_hours?.message} hint={`Now ${terms.weekly_hours} h`}>
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
      {isNothingChanged && <FieldError>{assignmentDialogTexts.nothingChanged}</FieldError>}
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

// ---------------------------------------------------------------- end

// Who ends it: the company or an administrator (the talent's last day), or the talent themselves (their own).
type EndingSide = 'manager' | 'talent';
// What ending needs of an assignment: an hourly one as listed, or a fixed price's contract.
type EndableAssignment = Pick<Assignment, 'id' | 'role' | 'company_name' | 'applicant_name' | 'start_date'>;

export function EndAssignmentDialog<Shown extends EndableAssignment>({
  assignment,
  description,
  endAssignment,
  onOpenChange,
  side = 'manager',
}: {
  assignment: Shown | null;
  // What ending means, as the caller sees it: "… stops working for you after the end date."
  description: (assignment: Shown) => string;
  endAssignment: (input: WithId<EndAssignmentInput>) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
  side?: EndingSide;
}) {
  return (
    <Dialog open={assignment !== null} onOpenChange={onOpenChange}>
      {assignment && (
        <DialogContent title="End this assignment?" description={description(assignment)}>
          <EndAssignmentForm
            assignment={assignment}
            endAssignment={endAssignment}
            side={side}
            onDone={() => onOpenChange(false)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EndAssignmentForm({
  assignment,
  endAssignment,
  side,
  onDone,
}: {
  assignment: EndableAssignment;
  endAssignment: (input: WithId<EndAssignmentInput>) => Promise<unknown>;
  side: EndingSide;
  onDone: () => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const today = toIsoDay(new Date());
  const form = useForm<EndAssignmentInput>({
    defaultValues: { end_date: today, reason: '' },
    resolver: zodResolver(endAssignmentSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await endAssignment({ id: assignment.id, ...values });
      toast({
        title: 'Assignment ended',
        description:
          side === 'talent'
            ? `Your assignment as ${assignment.role} at ${assignment.company_name} ended on ${formatIsoDay(values.end_date)}. ${assignment.company_name} has been told.`
            : `${possessive(assignment.applicant_name)} assignment ends on ${formatIsoDay(values.end_date)}.`,
      });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['end_date', 'reason'], fallback: assignmentDialogTexts.endFailed }),
      );
    }
  });
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label="End date"
        error={errors.end_date?.message}
        hint={
          side === 'talent' ? 'Your last working day: today or earlier.' : 'Their last working day: today or earlier.'
        }
      >
        {(control) => (
          <Input {...control} type="date" min={assignment.start_date} max={today} {...form.register('end_date')} />
        )}
      </FormField>
      <FormField label="Reason" error={errors.reason?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('reason')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="End Assignment"
        pendingLabel="Ending..."
        isPending={isSubmitting}
        destructive
      />
    </form>
  );
}
