import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { applyServerError } from '~/client/lib/form-errors';
import type { PageProps } from '~/client/routes';
import { authMessages, forgotPasswordSchema } from '~/shared/auth';
import { paths } from '~/shared/routes';
import { useRequestPasswordReset } from './api';
import { AuthPageHeading } from './auth-page-heading';

type ForgotPasswordInput = { email: string };
const fields = ['email'] as const;

export default function ForgotPasswordPage(_props: PageProps) {
  const requestReset = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestReset.mutateAsync(email);
    } catch (error) {
      setFailure(applyServerError(form, error, { fields, fallback: authMessages.signInError }));
    }
  });

  return (
    <>
      <PageMeta title={paths.forgotPassword.title} />
      <AuthPageHeading title={paths.forgotPassword.title}>
        {!requestReset.isSuccess &&
          'Enter the email you sign in with and we will send you a link to choose a new password.'}
      </AuthPageHeading>
      {requestReset.isSuccess ? (
        <Alert variant="success">
          <MailCheckIcon aria-hidden="true" />
          <p>{requestReset.data.message}</p>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <Alert variant="destructive">{failure}</Alert>}
          <FormField label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
          </FormField>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={paths.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
