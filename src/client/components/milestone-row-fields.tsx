import { PlusIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { DatePicker } from '~/client/components/date-picker';
import { Button } from '~/client/components/ui/button';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { cn } from '~/client/lib/cn';
import { typedCents } from '~/client/lib/dollars';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { MILESTONE_DESCRIPTION_MAX, MILESTONE_TITLE_MAX, MILESTONES_MAX, milestoneTexts } from '~/shared/milestones';

// One milestone as a form holds it (docs/decisions/035): the amount in the company's currency as typed
// ("1,250.50"), sent as whole minor units, and an empty due date while none is chosen. The fixed-price offer and a proposed
// change to a contract's milestones both edit a list of these.
export interface MilestoneRowValues {
  title: string;
  description: string;
  amount: string;
  due_date: string;
}

// "Milestones add up to $4,999.99 of $5,000.00" under a list of milestone rows, green once they add up to
// the total to the cent (an offer's, a proposal's), in the company's currency.
export function MilestonesBalance({
  rows,
  total,
  currency,
}: {
  rows: Array<{ amount?: string } | undefined>;
  total: string;
  currency: Currency;
}) {
  const sumCents = rows.reduce((sum, row) => sum + typedCents(row?.amount ?? '', currency), 0);
  const totalCents = typedCents(total, currency);
  const isBalanced = sumCents === totalCents && totalCents > 0;
  return (
    <p
      aria-live="polite"
      className={cn('text-sm tabular-nums', isBalanced ? 'text-emerald-800' : 'text-muted-foreground')}
    >
      Milestones add up to {formatCents(sumCents, currency)} of {formatCents(totalCents, currency)}
    </p>
  );
}

// Under a list of milestone rows: the list's own error, Add milestone (up to MILESTONES_MAX, then why not),
// and beside it what the rows add up to.
export function MilestoneListFooter({
  error,
  count,
  onAdd,
  summary,
}: {
  error: string | undefined;
  count: number;
  onAdd: () => void;
  summary: ReactNode;
}) {
  return (
    <>
      {error && <FieldError>{error}</FieldError>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="outline" disabled={count >= MILESTONES_MAX} onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          Add milestone
        </Button>
        {summary}
      </div>
      {count >= MILESTONES_MAX && <p className="text-sm text-muted-foreground">{milestoneTexts.tooMany}</p>}
    </>
  );
}

export const emptyMilestoneRow: MilestoneRowValues = { title: '', description: '', amount: '', due_date: '' };

type RowErrors = Partial<Record<keyof MilestoneRowValues, { message?: string } | undefined>>;

interface MilestoneRowFieldsProps<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  // Where the row's fields live in the form: 'milestones.0'.
  name: string;
  // The row's number on screen, which names the group and its Remove button.
  number: number;
  errors: RowErrors | undefined;
  canRemove: boolean;
  onRemove: () => void;
  // A due date the milestone already had stays choosable after it has passed.
  keptDueDate?: string | null;
  // What the row says above its fields (that it is new, or what it was).
  note?: ReactNode;
  // The company's billing currency, which the amount is typed in.
  currency: Currency;
}

// The fields of one milestone — Title, Description (optional), Amount (USD, or the company's currency), Due
// date — and its Remove
// button, in a group named "Milestone N". Stacked, with amount and due date side by side from sm up.
export function MilestoneRowFields<Values extends FieldValues>({
  form,
  name,
  number,
  errors,
  canRemove,
  onRemove,
  keptDueDate,
  note,
  currency,
}: MilestoneRowFieldsProps<Values>) {
  const field = (key: keyof MilestoneRowValues) => `${name}.${key}` as Path<Values>;
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Milestone {number}</legend>
      {note}
      <FormField label="Title" error={errors?.title?.message}>
        {(control) => <Input {...control} maxLength={MILESTONE_TITLE_MAX} {...form.register(field('title'))} />}
      </FormField>
      <FormField label="Description (optional)" error={errors?.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={MILESTONE_DESCRIPTION_MAX}
            {...form.register(field('description'))}
          />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={`Amount (${currency})`} error={errors?.amount?.message}>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register(field('amount'))} />
          )}
        </FormField>
        <FormField label="Due date" error={errors?.due_date?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name={field('due_date')}
              render={({ field: dueDate }) => (
                <DatePicker
                  {...control}
                  ref={dueDate.ref}
                  label="Due date"
                  value={dueDate.value || null}
                  onChange={(day) => dueDate.onChange(day ?? '')}
                  disablePast
                  keptDate={keptDueDate}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={!canRemove}
        aria-label={`Remove milestone ${number}`}
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden="true" />
        Remove
      </Button>
    </fieldset>
  );
}
