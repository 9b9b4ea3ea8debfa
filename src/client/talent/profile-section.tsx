import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { TagInput } from '~/client/components/tag-input';
import { TimeZonePicker } from '~/client/components/time-zone-picker';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import type { ApplicantProfile } from '~/shared/talent';
import {
  availabilities,
  availabilityLabels,
  experienceLevelLabels,
  experienceLevels,
  HOURLY_RATE_MAX,
  HOURLY_RATE_MIN,
  PROFILE_HEADLINE_MAX_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_MAX_SKILLS,
  PROFILE_SKILL_MAX_LENGTH,
  PROFILE_SUMMARY_MAX_LENGTH,
  profileTexts,
  regionLabels,
  regions,
} from '~/shared/talent-texts';
import { applicantProfileQueryOptions, useUpdateApplicantProfile } from './api';
import { CvField } from './cv-field';
import { ProfileCompletenessMeter } from './profile-completeness-meter';
import {
  formValuesToProfileInput,
  type ProfileFormValues,
  profileFormFields,
  profileToFormValues,
  validateProfileForm,
} from './profile-form-values';
import { ProfilePhotoField } from './profile-photo-field';

const resolver: Resolver<ProfileFormValues> = (values) => {
  const problems = Object.entries(validateProfileForm(values));
  if (problems.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(problems.map(([field, message]) => [field, { type: 'validate', message }]));
  return { values: {}, errors: errors as FieldErrors<ProfileFormValues> };
};

// The applicant's profile in Settings: what companies see, the photo, and the meter saying
// what is still missing. Loads, then shows the form; a failed load offers Try Again.
export function ProfileSection() {
  const titleId = useId();
  const profile = useQuery(applicantProfileQueryOptions());
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Profile</CardTitle>
        <CardDescription>What companies see when they look for talent and read your applications.</CardDescription>
      </CardHeader>
      {profile.isPending && <ProfileLoading />}
      {profile.isError && (
        <CardContent>
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(profile.error, profileTexts.loadError)}</p>
              <Button size="sm" variant="outline" onClick={() => profile.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        </CardContent>
      )}
      {profile.isSuccess && <ProfileForm profile={profile.data} />}
    </Card>
  );
}

function ProfileLoading() {
  return (
    <CardContent className="grid gap-4" role="status">
      <span className="sr-only">Loading your profile</span>
      <Skeleton className="h-16 w-full" />
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full" />
        <Skeleton className="h-10 w-36" />
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </CardContent>
  );
}

function ProfileForm({ profile }: { profile: ApplicantProfile }) {
  const updateProfile = useUpdateApplicantProfile();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ProfileFormValues>({
    resolver,
    defaultValues: profileToFormValues(profile),
    // Refilled from the server's copy after each save (it trims, and keeps a skill once).
    values: profileToFormValues(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const saved = await updateProfile.mutateAsync(formValuesToProfileInput(values));
      form.reset(profileToFormValues(saved));
      toast({ title: profileTexts.saved });
    } catch (error) {
      const message = applyServerError(form, error, { fields: profileFormFields, fallback: profileTexts.saveError });
      if (message === null) return;
      // A refusal says why; no answer at all gets the general sentence.
      setBanner(message);
      const description = isApiError(error) && error.status < 500 ? message : profileTexts.saveError;
      toast({ title: profileTexts.saveErrorTitle, description, variant: 'destructive' });
    }
  });

  return (
    <>
      <CardContent className="grid gap-6">
        <ProfileCompletenessMeter completeness={profile.completeness} />
        <ProfilePhotoField profile={profile} />
        <CvField />
      </CardContent>
      <form onSubmit={onSubmit} noValidate className="border-t border-border">
        <CardContent className="grid gap-5 pt-4 sm:pt-6">
          {banner && <Alert variant="destructive">{banner}</Alert>}
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
            <FormField
              label="Headline"
              hint="Your role, as companies search for it: e.g. Senior React Engineer."
              error={errors.headline?.message}
            >
              {(control) => (
                <Input {...control} maxLength={PROFILE_HEADLINE_MAX_LENGTH} {...form.register('headline')} />
              )}
            </FormField>
            <FormField
              label="Hourly rate (USD)"
              hint={`$${HOURLY_RATE_MIN} to $${HOURLY_RATE_MAX.toLocaleString('en-US')}.`}
              error={errors.hourly_rate?.message}
            >
              {(control) => (
                <Input {...control} inputMode="decimal" placeholder="e.g. 45" {...form.register('hourly_rate')} />
              )}
            </FormField>
          </div>
          <FormField
            label="Summary"
            hint={`Your experience, strengths and the work you want, in up to ${PROFILE_SUMMARY_MAX_LENGTH.toLocaleString('en-US')} characters.`}
            error={errors.summary?.message}
          >
            {(control) => (
              <Textarea {...control} rows={5} maxLength={PROFILE_SUMMARY_MAX_LENGTH} {...form.register('summary')} />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-3">
            <FormField label="Experience level" error={errors.experience_level?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('experience_level')}>
                  <option value="">Choose a level</option>
                  {experienceLevels.map((level) => (
                    <option key={level} value={level}>
                      {experienceLevelLabels[level]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Availability" error={errors.availability?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('availability')}>
                  <option value="">Choose availability</option>
                  {availabilities.map((availability) => (
                    <option key={availability} value={availability}>
                      {availabilityLabels[availability]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Region" error={errors.region?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('region')}>
                  <option value="">Choose a region</option>
                  {regions.map((region) => (
                    <option key={region} value={region}>
                      {regionLabels[region]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Location" hint="City and country." error={errors.location?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="address-level2"
                  maxLength={PROFILE_LOCATION_MAX_LENGTH}
                  placeholder="e.g. Manila, Philippines"
                  {...form.register('location')}
                />
              )}
            </FormField>
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <FormField
                  label="Time zone"
                  hint="Meetings, their emails and calendar files show your times in it."
                  error={errors.timezone?.message}
                >
                  {(control) => (
                    <TimeZonePicker
                      control={control}
                      buttonRef={field.ref}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                </FormField>
              )}
            />
          </div>
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <TagInput
                label="Skills"
                value={field.value}
                onChange={field.onChange}
                error={errors.skills?.message}
                placeholder="e.g. TypeScript"
                maxTags={PROFILE_MAX_SKILLS}
                maxLength={PROFILE_SKILL_MAX_LENGTH}
              />
            )}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Profile'}
          </Button>
        </CardFooter>
      </form>
    </>
  );
}
