import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Textarea } from '~/client/components/ui/textarea';
import { errorMessage } from '~/client/lib/api-client';
import {
  COMPANY_ABOUT_MAX_LENGTH,
  type CompanyProfile,
  type CompanyProfileInput,
  companyProfileSchema,
  companySizes,
} from '~/shared/companies';
import { companyProfileQueryOptions, useUpdateCompanyProfile } from './api';
import { FeedbackMessage, useFormFeedback } from './form-feedback';

const emptyProfile: CompanyProfileInput = {
  name: '',
  contact_email: '',
  website: '',
  about: '',
  size: null,
  location: '',
};

const formValuesOf = (profile: CompanyProfile): CompanyProfileInput => ({
  name: profile.name,
  contact_email: profile.contact_email,
  website: profile.website,
  about: profile.about,
  size: profile.size,
  location: profile.location,
});

// A member whose role may not change it (canEdit false) reads it, without a Save.
export function CompanyProfileSection({ canEdit = true }: { canEdit?: boolean }) {
  const profile = useQuery(companyProfileQueryOptions());
  const updateProfile = useUpdateCompanyProfile();
  const form = useForm<CompanyProfileInput, unknown, CompanyProfileInput>({
    resolver: zodResolver(companyProfileSchema),
    defaultValues: emptyProfile,
    // Filled (and refilled after saving) from the server's copy.
    values: profile.data ? formValuesOf(profile.data) : undefined,
  });
  const { feedback, run } = useFormFeedback(form, ['name', 'contact_email', 'website', 'about', 'size', 'location']);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      await updateProfile.mutateAsync(values);
      return 'Your company profile has been saved.';
    }),
  );

  return (
    <Card aria-labelledby="company-title">
      <CardHeader>
        <CardTitle id="company-title">Company profile</CardTitle>
        <CardDescription>
          How your company appears to talent, beside each of your public jobs, and to your account manager.
          {!canEdit && ' Your company’s owner or an admin can change it.'}
        </CardDescription>
      </CardHeader>
      {profile.isPending && (
        <CardContent className="space-y-4" role="status">
          <span className="sr-only">Loading company profile</span>
          {[0, 1, 2].map((row) => (
            <div key={row} className="space-y-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </CardContent>
      )}
      {profile.isError && (
        <CardContent>
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(profile.error, 'Failed to load your company profile. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => profile.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        </CardContent>
      )}
      {profile.isSuccess && (
        <form onSubmit={onSubmit} noValidate>
          <CardContent>
            <fieldset disabled={!canEdit} className="space-y-4">
              <FeedbackMessage feedback={feedback} />
              <FormField label="Company name" error={errors.name?.message}>
                {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Contact email" error={errors.contact_email?.message}>
                  {(control) => (
                    <Input {...control} type="email" autoComplete="email" {...form.register('contact_email')} />
                  )}
                </FormField>
                <FormField label="Website" error={errors.website?.message}>
                  {(control) => (
                    <Input
                      {...control}
                      type="url"
                      autoComplete="url"
                      placeholder="https://"
                      {...form.register('website')}
                    />
                  )}
                </FormField>
              </div>
              <FormField
                label="About the company"
                error={errors.about?.message}
                hint="Shown with your public jobs: what you do and what working with you is like."
              >
                {(control) => (
                  <Textarea {...control} rows={4} maxLength={COMPANY_ABOUT_MAX_LENGTH} {...form.register('about')} />
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Company size" error={errors.size?.message}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register('size')}>
                      <option value="">Not given</option>
                      {companySizes.map((size) => (
                        <option key={size} value={size}>
                          {size} employees
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label="Location" error={errors.location?.message}>
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="country-name"
                      placeholder="City, country"
                      {...form.register('location')}
                    />
                  )}
                </FormField>
              </div>
            </fieldset>
          </CardContent>
          {canEdit && (
            <CardFooter>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save Company Profile'}
              </Button>
            </CardFooter>
          )}
        </form>
      )}
    </Card>
  );
}
