import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheckIcon, MailWarningIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import {
  type ChangeEmailInput,
  type ChangePasswordInput,
  type CurrentUser,
  changeEmailSchema,
  changePasswordSchema,
  updateProfileSchema,
} from '~/shared/auth';
import { useChangeEmail, useChangePassword, useUpdateProfile } from './api';
import { FeedbackMessage, useFormFeedback } from './form-feedback';

type ProfileInput = { name: string };

// The applicant's settings call this section "Name": their "Profile" is the one companies see.
export function ProfileSection({
  user,
  title = 'Profile',
  description = 'The name people see on your messages, meetings and applications.',
  submitLabel = 'Save Profile',
}: {
  user: CurrentUser;
  title?: string;
  description?: string;
  submitLabel?: string;
}) {
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { name: user.name },
  });
  const { feedback, run } = useFormFeedback(form, ['name']);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      const { message } = await updateProfile.mutateAsync(values);
      form.reset(values);
      return message;
    }),
  );

  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <FeedbackMessage feedback={feedback} />
          <FormField label="Full name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function EmailSection({ user }: { user: CurrentUser }) {
  const changeEmail = useChangeEmail();
  const form = useForm<ChangeEmailInput, unknown, ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { new_email: '', current_password: '' },
  });
  const { feedback, run } = useFormFeedback(form, ['new_email', 'current_password']);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      const { message } = await changeEmail.mutateAsync(values);
      form.reset();
      return message;
    }),
  );

  return (
    <Card aria-labelledby="email-title">
      <CardHeader>
        <CardTitle id="email-title">Email</CardTitle>
        <CardDescription>You sign in with this address, and we write to it.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm">
            <span className="min-w-0 font-medium wrap-anywhere">{user.email}</span>
            {user.email_verified ? (
              <span className="inline-flex items-center gap-1 text-green-800">
                <BadgeCheckIcon className="size-4" aria-hidden="true" />
                Verified
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-amber-900">
                <MailWarningIcon className="size-4" aria-hidden="true" />
                Not verified yet
              </span>
            )}
          </div>
          <FeedbackMessage feedback={feedback} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="New email" error={errors.new_email?.message}>
              {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('new_email')} />}
            </FormField>
            {user.has_password && (
              <FormField label="Current password" error={errors.current_password?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="current-password"
                    {...form.register('current_password')}
                  />
                )}
              </FormField>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            We send a link to the new address; your email changes once you open it.
          </p>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Change Email'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function PasswordSection({ user }: { user: CurrentUser }) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput, unknown, ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const { feedback, run } = useFormFeedback(form, ['current_password', 'new_password']);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      const { message } = await changePassword.mutateAsync(values);
      form.reset();
      return message;
    }),
  );

  return (
    <Card aria-labelledby="password-title">
      <CardHeader>
        <CardTitle id="password-title">Password</CardTitle>
        <CardDescription>
          {user.has_password
            ? 'Changing it signs you out everywhere else.'
            : 'You sign in through an identity provider. Set a password to sign in with your email too.'}
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="space-y-4">
          <FeedbackMessage feedback={feedback} />
          <div className="grid gap-4 sm:grid-cols-2">
            {user.has_password && (
              <FormField label="Current password" error={errors.current_password?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="current-password"
                    {...form.register('current_password')}
                  />
                )}
              </FormField>
            )}
            <FormField label="New password" hint="At least 6 characters." error={errors.new_password?.message}>
              {(control) => (
                <Input {...control} type="password" autoComplete="new-password" {...form.register('new_password')} />
              )}
            </FormField>
          </div>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : user.has_password ? 'Change Password' : 'Set Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
