import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { SearchInput } from '~/client/components/search-input';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { toIsoDay } from '~/client/lib/iso-day';
import { adminAssignmentTexts, type CreateAssignmentInput } from '~/shared/admin-assignments';
import { assignmentOptionsQueryOptions, useCreateAssignment } from './api';

const newAssignmentTexts = {
  rateInvalid: 'Enter the rate in dollars, like 45.50.',
  failed: 'The assignment was not created. Please try again.',
} as const;

// The form holds what was typed; the rate is dollars, sent as cents.
const newAssignmentFormSchema = z.object({
  company_id: z.string().min(1, { message: adminAssignmentTexts.chooseCompany }),
  applicant_id: z.string().min(1, { message: adminAssignmentTexts.chooseTalent }),
  role: z
    .string()
    .trim()
    .min(1, { message: adminAssignmentTexts.roleRequired })
    .max(200, { message: 'The role must be at most 200 characters.' }),
  rate: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, { message: newAssignmentTexts.rateInvalid })
    .refine((rate) => Number(rate) >= 1, { message: adminAssignmentTexts.rateTooLow })
    .refine((rate) => Number(rate) <= 1000, { message: adminAssignmentTexts.rateTooHigh }),
  weekly_hours: z
    .string()
    .trim()
    .regex(/^\d+$/, { message: adminAssignmentTexts.weeklyHoursRange })
    .refine((hours) => Number(hours) >= 1 && Number(hours) <= 60, { message: adminAssignmentTexts.weeklyHoursRange }),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: adminAssignmentTexts.startDate }),
});
type NewAssignmentFormValues = z.infer<typeof newAssignmentFormSchema>;
const formFields = ['company_id', 'applicant_id', 'role', 'start_date'] as const;

function toCreateAssignmentInput(values: NewAssignmentFormValues): CreateAssignmentInput {
  return {
    company_id: values.company_id,
    applicant_id: values.applicant_id,
    role: values.role.trim(),
    rate_cents: Math.round(Number(values.rate) * 100),
    weekly_hours: Number(values.weekly_hours),
    start_date: values.start_date,
  };
}

export function NewAssignmentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="New Assignment"
          description="Place a talent with a company. It starts at once when the start date is today or earlier; otherwise it waits as pending."
        >
          <NewAssignmentForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

// A searchable list of companies or talent: type to narrow, then choose.
function OptionPicker({
  kind,
  label,
  searchLabel,
  placeholder,
  error,
  registration,
}: {
  kind: 'companies' | 'applicants';
  label: string;
  searchLabel: string;
  placeholder: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const [q, setQ] = useState('');
  const options = useQuery(assignmentOptionsQueryOptions(kind, q));
  const items = options.data?.items ?? [];
  return (
    <div className="grid gap-2">
      <SearchInput label={searchLabel} placeholder={placeholder} value={q} onSearch={setQ} />
      <FormField label={label} error={error}>
        {(control) => (
          <NativeSelect {...control} {...registration}>
            <option value="">
              {options.isPending
                ? 'Loading...'
                : items.length === 0
                  ? 'No matches found'
                  : `Choose ${label.toLowerCase()}`}
            </option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.detail ? `${item.name} (${item.detail})` : item.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
}

function NewAssignmentForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAssignment();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<NewAssignmentFormValues>({
    defaultValues: {
      company_id: '',
      applicant_id: '',
      role: '',
      rate: '',
      weekly_hours: '40',
      start_date: toIsoDay(new Date()),
    },
    resolver: zodResolver(newAssignmentFormSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const created = await create.mutateAsync(toCreateAssignmentInput(values));
      toast({
        title: adminAssignmentTexts.created,
        description: `${created.applicant_name} works for ${created.company_name} as ${created.role}.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: formFields, fallback: newAssignmentTexts.failed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <OptionPicker
        kind="companies"
        label="Company"
        searchLabel="Search companies"
        placeholder="Search by company name..."
        error={errors.company_id?.message}
        registration={form.register('company_id')}
      />
      <OptionPicker
        kind="applicants"
        label="Talent"
        searchLabel="Search talent"
        placeholder="Search by name or email..."
        error={errors.applicant_id?.message}
        registration={form.register('applicant_id')}
      />
      <FormField label="Role" error={errors.role?.message}>
        {(control) => <Input {...control} {...form.register('role')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Hourly rate (USD)" error={errors.rate?.message}>
          {(control) => (
            <Input {...control} type="number" inputMode="decimal" min={1} step="0.01" {...form.register('rate')} />
          )}
        </FormField>
        <FormField label="Weekly hours" error={errors.weekly_hours?.message}>
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
        <FormField label="Start date" error={errors.start_date?.message}>
          {(control) => <Input {...control} type="date" {...form.register('start_date')} />}
        </FormField>
      </div>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Create Assignment"
        pendingLabel="Creating..."
        isPending={isSubmitting}
      />
    </form>
  );
}
