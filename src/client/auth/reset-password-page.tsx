import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { applyServerError } from '~/client/lib/form-errors';
import type { PageProps } from '~/client/routes';
import { authMessages, newPasswordSchema } from '~/shared/auth';
import { paths } from '~/shared/routes';
import { useResetPassword } from './api';
import { AuthPageHeading } from './auth-page-heading';

// The server's words for a link that is missing, used, or too old.
const invalidLinkMessage = 'This link is invalid or has expired. Please request a new one.';

const newPasswordFormSchema = z.object({ password: newPasswordSchema });
type NewPasswordInput = z.infer<typeof newPasswordFormSchema>;
const fields = ['password'] as const;

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export default function ResetPasswordPage(_props: PageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewPasswordInput, unknown, NewPasswordInput>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ token, password });
    } catch (error) {
      setFailure(applyServerError(form, error, { fields, fallback: authMessages.signInError }));
    }
  });

  let content: ReactNode;
  if (!token) {
    content = <Alert variant="destructive">{invalidLinkMessage}</Alert>;
  } else if (resetPassword.isSuccess) {
    content = (
      <div className="space-y-4">
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <p>{resetPassword.data.message}</p>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.login.getHref()}>Sign In</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && (
          <Alert variant="destructive">
            <p>
              {failure}{' '}
              {failure === invalidLinkMessage && (
                <Link to={paths.forgotPassword.getHref()} className="font-medium underline underline-offset-4">
                  Request a new link
                </Link>
              )}
            </p>
          </Alert>
        )}
        <FormField label="New password" hint="At least 6 characters." error={errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    );
  }

  return (
    <>
      <PageMeta title={paths.resetPassword.title} noIndex />
      <AuthPageHeading title={paths.resetPassword.title}>
        {resetPassword.isSuccess ? 'All set.' : 'Choose the password you will sign in with from now on.'}
      </AuthPageHeading>
      {content}
      {!resetPassword.isSuccess && (
        <p className="mt-6 flex justify-center gap-4 text-center text-sm">
          {!token && (
            <Link to={paths.forgotPassword.getHref()} className={linkClass}>
              Request a new link
            </Link>
          )}
          <Link to={paths.login.getHref()} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      )}
    </>
  );
}
