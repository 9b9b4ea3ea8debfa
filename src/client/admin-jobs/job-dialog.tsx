import { useQuery } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { OptionSearchSelect } from '~/client/components/option-search-select';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { adminJobTexts } from '~/shared/admin-jobs';
import {
  checkJobRules,
  JOB_TITLE_MAX_LENGTH,
  type Job,
  jobFieldsSchema,
  OPENINGS_MAX,
  OPENINGS_MIN,
  type UpdateJobInput,
  WEEKLY_HOURS_MAX,
  WEEKLY_HOURS_MIN,
} from '~/shared/jobs';
import { adminJobQueryOptions, companyOptionsQueryOptions, useCreateAdminJob, useUpdateAdminJob } from './api';

// What the dialog holds: the text typed. It is checked with the company's own job schema (jobFieldsSchema)
// and publishing rules (checkJobRules), the same ones the server applies.
interface JobDialogValues {
  company_id: string;
  title: string;
  description: string;
  engagement_type: 'hourly' | 'fixed';
  budget_min: string;
  budget_max: string;
  budget_total: string;
  weekly_hours: string;
  openings: string;
}
const formFields = [
  'company_id',
  'title',
  'description',
  'engagement_type',
  'budget_min',
  'budget_max',
  'budget_total',
  'weekly_hours',
  'openings',
] as const;

const dollars = (text: string) => (text.trim() === '' ? null : Number(text));

// The fields the dialog edits, over the ones it leaves as they are (tags, tests, time zone...): an edit
// replaces every field, so those travel unchanged.
export function toJobFields(values: JobDialogValues, job?: Job): UpdateJobInput {
  return {
    ...(job && {
      start_date: job.start_date,
      skill_tags: job.skill_tags,
      timezone: job.timezone,
      test_ids: job.test_ids,
      required_certs: job.required_certs as UpdateJobInput['required_certs'],
      visibility: job.visibility,
      cc_email: job.cc_email,
    }),
    title: values.title,
    description: values.description,
    engagement_type: values.engagement_type,
    budget_min: dollars(values.budget_min),
    budget_max: dollars(values.budget_max),
    budget_total: dollars(values.budget_total),
    weekly_hours: Number(values.weekly_hours),
    openings: Number(values.openings),
  };
}

export function checkJobDialog(
  values: JobDialogValues,
  { job, publishing }: { job?: Job; publishing: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!job && !values.company_id) problems.company_id = 'Choose the company this job is for.';
  const parsed = jobFieldsSchema.safeParse(toJobFields(values, job));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      problems[field] ??= issue.message;
    }
    return problems;
  }
  return { ...problems, ...checkJobRules(parsed.data, { publishing }) };
}

const toText = (value: number | null) => (value == null ? '' : String(value));
const valuesOf = (job?: Job): JobDialogValues => ({
  company_id: '',
  title: job?.title ?? '',
  description: job?.description ?? '',
  engagement_type: job?.engagement_type ?? 'hourly',
  budget_min: toText(job?.budget_min ?? null),
  budget_max: toText(job?.budget_max ?? null),
  budget_total: toText(job?.budget_total ?? null),
  weekly_hours: String(job?.weekly_hours ?? 20),
  openings: String(job?.openings ?? 1),
});

type Action = 'draft' | 'publish' | 'save';

// Create Job (for a company the administrator picks) and Edit, in one dialog.
export function JobDialog({
  open,
  onOpenChange,
  jobId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // The job to edit; none to create one.
  jobId: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
          title={jobId ? 'Edit Job' : 'Create Job'}
          description={
            jobId
              ? "Change the job's details. The company's publishing rules still apply."
              : 'Post a job for a company: publish it now or keep it as a draft for the company to finish.'
          }
        >
          {jobId ? (
            <EditJob jobId={jobId} onDone={() => onOpenChange(false)} />
          ) : (
            <JobDialogForm onDone={() => onOpenChange(false)} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditJob({ jobId, onDone }: { jobId: string; onDone: () => void }) {
  const job = useQuery(adminJobQueryOptions(jobId));
  if (job.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading the job">
        <Skeleton className="h-10" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (job.isError) {
    return (
      <Alert variant="destructive">{errorMessage(job.error, 'The job could not be loaded. Please try again.')}</Alert>
    );
  }
  return <JobDialogForm job={job.data} onDone={onDone} />;
}

function CompanyField({ error, value, onChange }: { error?: string; value: string; onChange: (id: string) => void }) {
  const [q, setQ] = useState('');
  const options = useQuery(companyOptionsQueryOptions(q));
  return (
    <OptionSearchSelect
      label="Company"
      searchLabel="Search companies"
      searchPlaceholder="Search by company name..."
      query={q}
      onQueryChange={setQ}
      options={options.data?.items ?? []}
      isPending={options.isPending}
      emptyLabel="Choose a company"
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function JobDialogForm({ job, onDone }: { job?: Job; onDone: () => void }) {
  const create = useCreateAdminJob();
  const update = useUpdateAdminJob();
  const [banner, setBanner] = useState<string | null>(null);
  const [pending, setPending] = useState<Action | null>(null);
  // Publishing asks more than a draft; the resolver reads which button was pressed.
  const publishingRef = useRef(false);
  const resolver: Resolver<JobDialogValues> = (values) => {
    const problems = Object.entries(checkJobDialog(values, { job, publishing: publishingRef.current }));
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(problems.map(([field, message]) => [field, { type: 'validate', message }]));
    return { values: {}, errors: errors as FieldErrors<JobDialogValues> };
  };
  const form = useForm<JobDialogValues>({ defaultValues: valuesOf(job), resolver });
  const { errors } = form.formState;
  const [engagementType, companyId] = useWatch({ control: form.control, name: ['engagement_type', 'company_id'] });

  // Set when the button is pressed, not when the handler is made: every render makes all of them.
  const submit = (action: Action) => (event?: BaseSyntheticEvent) => {
    publishingRef.current = action === 'publish' || (action === 'save' && job?.status !== 'draft');
    return form.handleSubmit(async (values) => {
      setBanner(null);
      setPending(action);
      try {
        const fields = toJobFields(values, job);
        const saved = job
          ? await update.mutateAsync({ id: job.id, fields })
          : await create.mutateAsync({
              ...fields,
              company_id: values.company_id,
              status: action === 'publish' ? 'open' : 'draft',
            });
        toast({
          title: job ? adminJobTexts.updated : adminJobTexts.created,
          description: job
            ? `“${saved.title}” at ${saved.company_name} has been updated.`
            : `“${saved.title}” was ${action === 'publish' ? 'published' : 'saved as a draft'} for ${saved.company_name}.`,
        });
        onDone();
      } catch (error) {
        setBanner(
          applyServerError(form, error, { fields: formFields, fallback: 'The job was not saved. Please try again.' }),
        );
      } finally {
        setPending(null);
      }
    })(event);
  };

  const numberField = (name: 'budget_min' | 'budget_max' | 'budget_total', label: string) => (
    <FormField label={label} error={errors[name]?.message}>
      {(control) => (
        <Input {...control} type="number" inputMode="decimal" min={1} step="0.01" {...form.register(name)} />
      )}
    </FormField>
  );

  return (
    <form noValidate className="grid gap-4" onSubmit={submit(job ? 'save' : 'publish')}>
      {!job && (
        <CompanyField
          error={errors.company_id?.message}
          value={companyId}
          onChange={(id) => form.setValue('company_id', id, { shouldValidate: form.formState.isSubmitted })}
        />
      )}
      {job && (
        <p className="text-sm text-muted-foreground">
          Company: <span className="font-medium text-foreground">{job.company_name}</span>
        </p>
      )}
      <FormField label="Job title" error={errors.title?.message}>
        {(control) => <Input {...control} maxLength={JOB_TITLE_MAX_LENGTH} {...form.register('title')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={5} {...form.register('description')} />}
      </FormField>
      <FormField label="Engagement" error={errors.engagement_type?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('engagement_type')}>
            <option value="hourly">Hourly rate</option>
            <option value="fixed">Fixed price</option>
          </NativeSelect>
        )}
      </FormField>
      {engagementType === 'hourly' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField('budget_min', 'Minimum rate (USD/hour)')}
          {numberField('budget_max', 'Maximum rate (USD/hour)')}
        </div>
      ) : (
        numberField('budget_total', 'Total budget (USD)')
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Weekly hours" error={errors.weekly_hours?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={WEEKLY_HOURS_MIN}
              max={WEEKLY_HOURS_MAX}
              {...form.register('weekly_hours')}
            />
          )}
        </FormField>
        <FormField label="Openings" error={errors.openings?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={OPENINGS_MIN}
              max={OPENINGS_MAX}
              {...form.register('openings')}
            />
          )}
        </FormField>
      </div>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        {job ? (
          <Button type="submit" disabled={pending !== null}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
        ) : (
          <>
            <Button type="button" variant="outline" disabled={pending !== null} onClick={submit('draft')}>
              {pending === 'draft' ? 'Saving...' : 'Save as Draft'}
            </Button>
            <Button type="submit" disabled={pending !== null}>
              {pending === 'publish' ? 'Publishing...' : 'Publish Job'}
            </Button>
          </>
        )}
      </DialogFooter>
    </form>
  );
}
