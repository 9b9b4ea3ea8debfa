import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { ShiftStatusLabel } from '~/client/components/shift-status';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { formatIsoDay } from '~/client/lib/iso-day';
import {
  type Assignment,
  type ChangeAssignmentTermsInput,
  changeAssignmentTermsSchema,
  type EndAssignmentInput,
  endAssignmentSchema,
} from '~/shared/billing';
import { useChangeAssignmentTerms, useEndAssignment } from './api';
import { AssignmentStatusBadge } from './timesheet-status-badge';
import { formatRate, todayIsoDay } from './work-format';

export const assignmentTexts = {
  rateInvalid: 'Enter the rate in dollars, like 45.50.',
  weeklyHoursInvalid: 'Weekly hours must be between 1 and 60.',
  termsFailed: 'The terms were not changed. Please try again.',
  endFailed: 'The assignment was not ended. Please try again.',
} as const;

const latestDay = (first: string, second: string) => (first > second ? first : second);

const describeTalent = (assignment: Assignment) => `${assignment.applicant_name} (${assignment.role})`;

// ---------------------------------------------------------------- change terms

interface TermsFormValues {
  rate: string;
  weekly_hours: string;
  effective_date: string;
}
type TermsField = keyof TermsFormValues;
const termsFields: readonly TermsField[] = ['rate', 'weekly_hours', 'effective_date'];

type TermsCheck =
  | { terms: ChangeAssignmentTermsInput; problems: null }
  | { terms: null; problems: Partial<Record<TermsField | 'root', string>> };

// The form's dollars and hours as the API's cents and whole hours, checked by the server's own rules.
export function checkTermsForm(values: TermsFormValues): TermsCheck {
  const problems: Partial<Record<TermsField | 'root', string>> = {};
  const rate = values.rate.trim();
  const hours = values.weekly_hours.trim();
  const rateNumber = Number(rate);
  const hoursNumber = Number(hours);
  if (rate !== '' && (!Number.isFinite(rateNumber) || rateNumber < 0)) problems.rate = assignmentTexts.rateInvalid;
  if (hours !== '' && !Number.isInteger(hoursNumber)) problems.weekly_hours = assignmentTexts.weeklyHoursInvalid;
  const parsed = changeAssignmentTermsSchema.safeParse({
    rate_cents: rate === '' || problems.rate ? undefined : Math.round(rateNumber * 100),
    weekly_hours: hours === '' || problems.weekly_hours ? undefined : hoursNumber,
    effective_date: values.effective_date,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field] = issue.path;
      const name: TermsField | 'root' =
        field === 'rate_cents' ? 'rate' : field === 'weekly_hours' || field === 'effective_date' ? field : 'root';
      // Nothing changed is only worth saying when the boxes hold nothing wrong.
      if (name === 'root' && (problems.rate || problems.weekly_hours)) continue;
      problems[name] ??= issue.message;
    }
  }
  if (parsed.success && Object.keys(problems).length === 0) return { terms: parsed.data, problems: null };
  return { terms: null, problems };
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
          description={`${describeTalent(assignment)} works at ${formatRate(assignment.rate_cents)} for ${assignment.weekly_hours} h a week. Change the rate, the weekly hours, or both, from a date.`}
        >
          <ChangeTermsForm assignment={assignment} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ChangeTermsForm({ assignment, onDone }: { assignment: Assignment; onDone: () => void }) {
  const change = useChangeAssignmentTerms();
  const [banner, setBanner] = useState<string | null>(null);
  const resolver: Resolver<TermsFormValues> = (values) => {
    const { problems } = checkTermsForm(values);
    if (!problems) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
    );
    return { values: {}, errors: errors as FieldErrors<TermsFormValues> };
  };
  const form = useForm<TermsFormValues>({
    // New terms take effect from today at the earliest, and not before the assignment starts.
    defaultValues: { rate: '', weekly_hours: '', effective_date: latestDay(todayIsoDay(), assignment.start_date) },
    resolver,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { terms } = checkTermsForm(values);
    if (!terms) return;
    setBanner(null);
    try {
      await change.mutateAsync({ id: assignment.id, ...terms });
      toast({
        title: 'Terms changed',
        description: `New terms for ${assignment.applicant_name} apply from ${formatIsoDay(terms.effective_date)}.`,
      });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: termsFields,
          fallback: assignmentTexts.termsFailed,
        }),
      );
    }
  });

  const rootError = (errors as FieldErrors<TermsFormValues & { root: string }>).root?.message;
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="New hourly rate (USD)"
          error={errors.rate?.message}
          hint={`Now ${formatRate(assignment.rate_cents)}`}
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
      {rootError && <FieldError>{rootError}</FieldError>}
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

export function EndAssignmentDialog({
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
          title="End this assignment?"
          description={`${describeTalent(assignment)} stops working for you after the end date. This cannot be undone.`}
        >
          <EndAssignmentForm assignment={assignment} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EndAssignmentForm({ assignment, onDone }: { assignment: Assignment; onDone: () => void }) {
  const end = useEndAssignment();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<EndAssignmentInput>({
    defaultValues: { end_date: todayIsoDay(), reason: '' },
    resolver: zodResolver(endAssignmentSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await end.mutateAsync({ id: assignment.id, ...values });
      toast({
        title: 'Assignment ended',
        description: `${assignment.applicant_name}’s assignment ends on ${formatIsoDay(values.end_date)}.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['end_date', 'reason'], fallback: assignmentTexts.endFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label="End date" error={errors.end_date?.message} hint="Their last working day: today or earlier.">
        {(control) => (
          <Input
            {...control}
            type="date"
            min={assignment.start_date}
            max={todayIsoDay()}
            {...form.register('end_date')}
          />
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

// ---------------------------------------------------------------- details

export function AssignmentDetailsDialog({
  assignment,
  onOpenChange,
}: {
  assignment: Assignment | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={assignment !== null} onOpenChange={onOpenChange}>
      {assignment && (
        <DialogContent title={assignment.applicant_name} description={assignment.role}>
          <AssignmentDetails assignment={assignment} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

function AssignmentDetails({ assignment }: { assignment: Assignment }) {
  const facts: Array<[string, ReactNode]> = [
    ['Status', <AssignmentStatusBadge key="status" status={assignment.status} />],
    ...(assignment.status === 'active'
      ? ([['Shift', <ShiftStatusLabel key="shift" status={assignment.shift_status} />]] as Array<[string, ReactNode]>)
      : []),
    ['Rate', formatRate(assignment.rate_cents)],
    ['Weekly hours', `${assignment.weekly_hours} h`],
    ['Start date', formatIsoDay(assignment.start_date)],
    ...(assignment.end_date ? ([['End date', formatIsoDay(assignment.end_date)]] as Array<[string, string]>) : []),
    ...(assignment.end_reason ? ([['Reason for ending', assignment.end_reason]] as Array<[string, string]>) : []),
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="terms-history-title" className="grid gap-2">
        <h3 id="terms-history-title" className="text-sm font-semibold">
          Terms history
        </h3>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-1.5 font-medium">
                From
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Rate
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Weekly hours
              </th>
            </tr>
          </thead>
          <tbody>
            {assignment.terms.map((terms) => (
              <tr
                key={`${terms.effective_date}:${terms.rate_cents}:${terms.weekly_hours}`}
                className="border-b border-border"
              >
                <td className="py-1.5">{formatIsoDay(terms.effective_date)}</td>
                <td className="py-1.5 tabular-nums">{formatRate(terms.rate_cents)}</td>
                <td className="py-1.5 text-right tabular-nums">{terms.weekly_hours} h</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
