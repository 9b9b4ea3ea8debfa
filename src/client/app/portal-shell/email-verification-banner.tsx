import { MailWarningIcon } from 'lucide-react';
import { useResendVerification } from '~/client/auth/api';
import { Alert, AlertDescription, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { errorMessage } from '~/client/lib/api-client';

// Unconfirmed accounts may look around; publishing jobs and applying wait for the address (server-enforced).
export function EmailVerificationBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert variant="warning" role="region" aria-label="Email confirmation" className="mb-6">
      <MailWarningIcon aria-hidden="true" />
      <AlertDescription>
        <AlertTitle>Please confirm your email address</AlertTitle>
        <p>
          You can look around, but you cannot publish jobs or apply for them until you confirm the address we sent a
          link to: <strong className="wrap-anywhere">{email}</strong>.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? 'Sending...' : 'Resend email'}
          </Button>
          {resend.isSuccess && <p role="status">{resend.data.message}</p>}
          {resend.isError && (
            <p role="alert">{errorMessage(resend.error, 'We could not send the email. Please try again.')}</p>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
