import { type ComponentProps, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { Controller, type Path, type Resolver, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DatePicker } from '~/client/components/date-picker';
import { CancelLink } from '~/client/components/discard-changes';
import { TagInput } from '~/client/components/tag-input';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import type { Currency } from '~/shared/currencies';
import { interviewStageTexts } from '~/shared/interview-stages';
import {
  JOB_TITLE_MAX_LENGTH,
  type Job,
  jobCertifications,
  jobTexts,
  jobTimezones,
  OPENINGS_MAX,
  OPENINGS_MIN,
  testsSentPhrase,
  WEEKLY_HOURS_MAX,
  WEEKLY_HOURS_MIN,
} from '~/shared/jobs';
import { currencySymbolOf } from '~/shared/money-format';
import { paths } from '~/shared/routes';
import { screeningTexts } from '~/shared/screening-questions';
import { useCreateJob, useJobTransition, useUpdateJob } from './api';
import { ApplicantLocationsField } from './applicant-locations-field';
import { InterviewStagesField } from './interview-stages-field';
import {
  emptyJobFormValues,
  findPublishProblem,
  formValuesToFields,
  type JobFormValues,
  jobFormFieldsOf,
  jobToFormValues,
  toggleItem,
  validateJobForm,
  withDraftDefaults,
} from './job-form-values';
import { RequiredTestsPicker } from './required-tests-picker';
import { ScreeningQuestionsField } from './screening-questions-field';

// Save as Draft and Publish Job create a job; Save Changes and Publish Job edit one.
type Action = 'draft' | 'publish' | 'save';

const failureTexts: Record<Action, { title: string; description: string }> = {
  draft: { title: jobTexts.draftErrorTitle, description: jobTexts.draftError },
  publish: { title: jobTexts.publishErrorTitle, description: jobTexts.publishError },
  save: { title: 'Error saving changes', description: 'Failed to save your changes. Please try again.' },
};

const DESCRIPTION_MAX_LENGTH = 20_000;

// The Create Job Posting form (docs/spec/portal-and-public-site.md §2), also the edit form when given a job.
export function JobForm({ job, currency: newJobCurrency = 'USD' }: { job?: Job; currency?: Currency }) {
  // A job's budget is in its company's billing currency: the job's own once saved.
  const currency = job?.currency ?? newJobCurrency;
  const navigate = useNavigate();
  const createJob = useCreateJob();
  const updateJob = useUpdateJob(job?.id ?? '');
  const transition = useJobTransition();
  const [pendingAction, setPendingAction] = useState<Action | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  // Publishing asks more of the form than a draft does; the resolver reads which one is under way.
  const isPublishingRef = useRef(false);
  const isEditing = Boolean(job);
  const isLive = job !== undefined && job.status !== 'draft';

  const resolver: Resolver<JobFormValues> = (values) => {
    const problems = validateJobForm(values, {
      publishing: isPublishingRef.current,
      keptStartDate: job?.start_date,
      keptClosesOn: job?.closes_on,
    });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<JobFormValues>(problems) };
  };

  const form = useForm<JobFormValues>({
    defaultValues: job ? jobToFormValues(job) : emptyJobFormValues,
    resolver,
  });
  const { errors, isDirty } = form.formState;
  const [title, engagementType] = useWatch({ control: form.control, name: ['title', 'engagement_type'] });
  const backHref = job ? paths.companyJob.getHref({ id: job.id }) : paths.companyJobs.getHref();

  async function send(action: Action, values: JobFormValues) {
    const fields = formValuesToFields(values);
    if (!job) {
      const created = await createJob.mutateAsync(
        action === 'draft' ? { ...withDraftDefaults(fields), status: 'draft' } : { ...fields, status: 'open' },
      );
      toast(
        action === 'draft'
          ? { title: jobTexts.draftSaved, description: `“${created.title}” is in your job posts, ready to finish.` }
          : { title: jobTexts.published, description: `“${created.title}” is now open to applicants.` },
      );
      navigate(paths.companyJobs.getHref());
      return;
    }
    const updated = await updateJob.mutateAsync(job.status === 'draft' ? withDraftDefaults(fields) : fields);
    if (action === 'publish') {
      await transition.mutateAsync({ id: job.id, transition: 'publish' });
      toast({ title: jobTexts.published, description: `“${updated.title}” is now open to applicants.` });
    } else {
      toast({
        title: 'Changes saved',
        description: `“${updated.title}” has been updated.${testsSentPhrase(updated.new_tests_sent_to)}`,
      });
    }
    navigate(paths.companyJob.getHref({ id: job.id }));
  }

  function showFailure(action: Action, error: unknown) {
    // A field the server named gets its message next to it, and the focus.
    const message = applyServerError(form, error, {
      fields: jobFormFieldsOf(form.getValues()) as Path<JobFormValues>[],
      fallback: failureTexts[action].description,
    });
    if (message === null) return;
    // A refusal comes with the server's reason (an unconfirmed email, a job that changed meanwhile): that is
    // what the person needs to read, in the notification and on the form. A failure on our side, or no
    // answer at all, gets the spec's sentence.
    const isRefusal = isApiError(error) && error.status < 500;
    const { title, description } = failureTexts[action];
    toast({ title, description: isRefusal ? message : description, variant: 'destructive' });
    if (isRefusal) setServerMessage(message);
  }

  async function submit(action: Action) {
    setServerMessage(null);
    isPublishingRef.current = action === 'publish' || (action === 'save' && isLive);
    if (isPublishingRef.current) {
      // The spec's checks, in its order, each with its notification (docs/spec/portal-and-public-site.md §5);
      // the fields say it too.
      const problem = findPublishProblem(form.getValues());
      if (problem) toast({ title: problem.title, description: problem.description, variant: 'destructive' });
    }
    await form.handleSubmit(async (values) => {
      setPendingAction(action);
      try {
        await send(action, values);
      } catch (error) {
        showFailure(action, error);
      } finally {
        setPendingAction(null);
      }
    })();
  }

  const isBusy = pendingAction !== null;

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        // Enter in a text box publishes only when every check passes, as the button would.
        event.preventDefault();
        void submit(isEditing ? 'save' : 'publish');
      }}
    >
      <Card aria-labelledby="job-basics-title">
        <CardHeader>
          <CardTitle id="job-basics-title">Job basics</CardTitle>
          <CardDescription>What the work is, how it is paid and how many hours it takes.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <TitleField
            title={title}
            error={errors.title?.message}
            register={form.register('title', { maxLength: JOB_TITLE_MAX_LENGTH })}
          />

          <Controller
            control={form.control}
            name="engagement_type"
            render={({ field }) => (
              <RadioField label="Engagement type" className="grid-flow-col justify-start gap-x-6" field={field}>
                <RadioOption value="hourly" label="Hourly" />
                <RadioOption value="fixed" label="Fixed price" />
              </RadioField>
            )}
          />

          {engagementType === 'hourly' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={`Minimum hourly rate (${currency})`} error={errors.budget_min?.message}>
                {(control) => <MoneyInput currency={currency} {...control} {...form.register('budget_min')} />}
              </FormField>
              <FormField label={`Maximum hourly rate (${currency})`} error={errors.budget_max?.message}>
                {(control) => <MoneyInput currency={currency} {...control} {...form.register('budget_max')} />}
              </FormField>
            </div>
          ) : (
            <FormField
              label={`Total budget (${currency})`}
              error={errors.budget_total?.message}
              className="sm:max-w-xs"
            >
              {(control) => <MoneyInput currency={currency} {...control} {...form.register('budget_total')} />}
            </FormField>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
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
            <FormField
              label="Number of openings"
              error={errors.openings?.message}
              hint="How many people you will hire. The job closes once they are all hired."
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={OPENINGS_MIN}
                  max={OPENINGS_MAX}
                  step={1}
                  {...form.register('openings')}
                />
              )}
            </FormField>
          </div>
        </CardContent>
      </Card>

      <Card aria-labelledby="job-schedule-title">
        <CardHeader>
          <CardTitle id="job-schedule-title">Schedule</CardTitle>
          <CardDescription>
            When the work starts, the last day applications are taken, and the time zone the team works in.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField label="Start date" error={errors.start_date?.message} hint="Optional. Past days cannot be chosen.">
            {(control) => (
              <Controller
                control={form.control}
                name="start_date"
                render={({ field }) => (
                  <DatePicker
                    {...control}
                    label="Start date"
                    value={field.value}
                    onChange={field.onChange}
                    disablePast
                    keptDate={job?.start_date}
                    clearable
                  />
                )}
              />
            )}
          </FormField>
          <FormField
            label="Closing date"
            error={errors.closes_on?.message}
            hint="Optional. The last day the job takes applications; without one it closes after the platform's default period (60 days unless an administrator changed it)."
          >
            {(control) => (
              <Controller
                control={form.control}
                name="closes_on"
                render={({ field }) => (
                  <DatePicker
                    {...control}
                    label="Closing date"
                    value={field.value}
                    onChange={field.onChange}
                    disablePast
                    keptDate={job?.closes_on}
                    clearable
                  />
                )}
              />
            )}
          </FormField>
          <FormField label="Timezone" error={errors.timezone?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('timezone')}>
                {jobTimezones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </CardContent>
      </Card>

      <Card aria-labelledby="job-reach-title">
        <CardHeader>
          <CardTitle id="job-reach-title">Where applicants may live</CardTitle>
          <CardDescription>Where the people you hire may live. Job boards and search engines show it.</CardDescription>
        </CardHeader>
        <CardContent>
          <Controller
            control={form.control}
            name="applicant_locations"
            render={({ field }) => (
              <ApplicantLocationsField
                value={field.value}
                onChange={field.onChange}
                error={errors.applicant_locations?.message}
              />
            )}
          />
        </CardContent>
      </Card>

      <Card aria-labelledby="job-requirements-title">
        <CardHeader>
          <CardTitle id="job-requirements-title">Requirements</CardTitle>
          <CardDescription>The tests applicants take, and the certifications and skills you ask for.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Controller
            control={form.control}
            name="test_ids"
            render={({ field }) => (
              <RequiredTestsPicker value={field.value} onChange={field.onChange} error={errors.test_ids?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="required_certs"
            render={({ field }) => (
              <CertificationsField
                value={field.value}
                onChange={field.onChange}
                error={errors.required_certs?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="skill_tags"
            render={({ field }) => (
              <TagInput
                label="Required Skills"
                value={field.value}
                onChange={field.onChange}
                error={errors.skill_tags?.message}
              />
            )}
          />
        </CardContent>
      </Card>

      <Card aria-labelledby="job-description-title">
        <CardHeader>
          <CardTitle id="job-description-title">Description</CardTitle>
          <CardDescription>The work, the team and what success looks like.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="Job description" error={errors.description?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={8}
                maxLength={DESCRIPTION_MAX_LENGTH}
                className="min-h-40"
                {...form.register('description')}
              />
            )}
          </FormField>
        </CardContent>
      </Card>

      <Card aria-labelledby="job-screening-title">
        <CardHeader>
          <CardTitle id="job-screening-title">{screeningTexts.heading}</CardTitle>
          <CardDescription>Optional. What you want every applicant to answer as they apply.</CardDescription>
        </CardHeader>
        <CardContent>
          <ScreeningQuestionsField form={form} />
        </CardContent>
      </Card>

      <Card aria-labelledby="job-interview-stages-title">
        <CardHeader>
          <CardTitle id="job-interview-stages-title">{interviewStageTexts.heading}</CardTitle>
          <CardDescription>Optional. The steps of your interviews for this job.</CardDescription>
        </CardHeader>
        <CardContent>
          <InterviewStagesField form={form} />
        </CardContent>
      </Card>

      <Card aria-labelledby="job-visibility-title">
        <CardHeader>
          <CardTitle id="job-visibility-title">Visibility and notifications</CardTitle>
          <CardDescription>Who can find the job, and who else hears about its applications.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Controller
            control={form.control}
            name="visibility"
            render={({ field }) => (
              <RadioField label="Visibility" field={field}>
                <RadioOption value="public" label="Public" hint="Listed in Find Jobs for all talent." />
                <RadioOption value="private" label="Private" hint="Not listed in talent job search." />
              </RadioField>
            )}
          />
          <FormField
            label="CC email"
            error={errors.cc_email?.message}
            hint="Optional. Someone else to copy on this job's applications."
            className="sm:max-w-md"
          >
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('cc_email')} />}
          </FormField>
        </CardContent>
      </Card>

      <div className="grid gap-3">
        {serverMessage && <Alert variant="destructive">{serverMessage}</Alert>}
        {/* Left-aligned, primary first: the notifications appear bottom right and must not cover them. */}
        <div className="flex flex-col gap-2 sm:flex-row">
          {(!isEditing || job?.status === 'draft') && (
            <Button disabled={isBusy} onClick={() => submit('publish')}>
              {pendingAction === 'publish' ? 'Publishing...' : 'Publish Job'}
            </Button>
          )}
          {isEditing ? (
            <Button
              variant={job?.status === 'draft' ? 'outline' : 'default'}
              disabled={isBusy}
              onClick={() => submit('save')}
            >
              {pendingAction === 'save' ? 'Saving...' : 'Save Changes'}
            </Button>
          ) : (
            <Button variant="outline" disabled={isBusy} onClick={() => submit('draft')}>
              {pendingAction === 'draft' ? 'Saving...' : 'Save as Draft'}
            </Button>
          )}
          <CancelLink to={backHref} hasChanges={isDirty} variant="ghost" />
        </div>
      </div>
    </form>
  );
}

interface TitleFieldProps {
  title: string;
  error?: string;
  register: UseFormRegisterReturn<'title'>;
}

// The title with its live 'N/60' counter (docs/spec/portal-and-public-site.md §2), read out with the field.
function TitleField({ title, error, register }: TitleFieldProps) {
  const counterId = useId();
  return (
    <FormField
      label="Job title"
      error={error}
      labelAside={
        <span id={counterId} className="text-xs text-muted-foreground tabular-nums">
          {title.length}/{JOB_TITLE_MAX_LENGTH}
        </span>
      }
    >
      {(control) => (
        <Input
          {...control}
          aria-describedby={[counterId, control['aria-describedby']].filter(Boolean).join(' ')}
          maxLength={JOB_TITLE_MAX_LENGTH}
          placeholder="e.g. Senior React Developer"
          {...register}
        />
      )}
    </FormField>
  );
}

function MoneyInput({ currency, ...props }: ComponentProps<typeof Input> & { currency: Currency }) {
  const symbol = currencySymbolOf(currency);
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
        {symbol}
      </span>
      <Input
        type="number"
        inputMode="decimal"
        min={1}
        step={0.01}
        className={symbol.length > 1 ? 'pl-10' : 'pl-7'}
        {...props}
      />
    </div>
  );
}

interface RadioFieldProps {
  label: string;
  className?: string;
  field: { ref: Ref<HTMLDivElement>; value: string; onChange: (value: string) => void };
  children: ReactNode;
}

// A radio group named by its visible label (arrow keys move between the options).
function RadioField({ label, className, field, children }: RadioFieldProps) {
  const labelId = useId();
  return (
    <div className="grid gap-3">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <RadioGroup
        ref={field.ref}
        value={field.value}
        onValueChange={field.onChange}
        aria-labelledby={labelId}
        className={className}
      >
        {children}
      </RadioGroup>
    </div>
  );
}

function RadioOption({ value, label, hint }: { value: string; label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <RadioGroupItem id={id} value={value} className="mt-0.5" aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer leading-snug">
          {label}
        </Label>
        {hint && (
          <span id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

interface CertificationsFieldProps {
  value: string[];
  onChange: (certs: string[]) => void;
  error?: string;
}

// The 10 certifications of docs/spec/portal-and-public-site.md §9 as checkboxes: each can be chosen once.
function CertificationsField({ value, onChange, error }: CertificationsFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Required Certifications</legend>
      <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {jobCertifications.map((cert) => (
          <div key={cert} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${cert}`}
              checked={value.includes(cert)}
              onCheckedChange={() => onChange(toggleItem(value, cert))}
            />
            <Label htmlFor={`${id}-${cert}`} className="cursor-pointer font-normal">
              {cert}
            </Label>
          </div>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
