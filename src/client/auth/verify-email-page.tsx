import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { dashboardPathByRole, safeRedirectPath } from '~/shared/auth';
import { paths } from '~/shared/routes';
import { currentUserQueryOptions, useConfirmEmail } from './api';
import { AuthPageHeading } from './auth-page-heading';

const invalidLinkMessage = 'This link is invalid or has expired. Please request a new one.';

// The emailed link of a new account, or of an email change: opening it confirms the address.
export default function VerifyEmailPage(_props: PageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { mutate: confirmEmail, ...confirmation } = useConfirmEmail();
  const { data: me } = useQuery(currentUserQueryOptions());
  // A link works once: StrictMode's second effect run must not spend it again.
  const hasConfirmed = useRef(false);

  useEffect(() => {
    if (!token || hasConfirmed.current) return;
    hasConfirmed.current = true;
    confirmEmail(token);
  }, [token, confirmEmail]);

  // Where they were going when they registered (a job they meant to apply to), carried in the link.
  const goingTo = safeRedirectPath(searchParams.get('next'));
  const next = me?.user
    ? goingTo
      ? { href: goingTo, label: 'Continue where you left off' }
      : { href: dashboardPathByRole[me.user.role], label: 'Go to your dashboard' }
    : {
        href: goingTo
          ? `${paths.login.getHref()}?${new URLSearchParams({ redirect: goingTo })}`
          : paths.login.getHref(),
        label: 'Sign In',
      };

  let content: ReactNode;
  if (!token || confirmation.isError) {
    const message = token ? errorMessage(confirmation.error, invalidLinkMessage) : invalidLinkMessage;
    content = (
      <div className="space-y-4">
        <Alert variant="destructive">
          <p>
            {message}{' '}
            {me?.user && !me.user.email_verified && 'You can send a new link from the banner in your account.'}
          </p>
        </Alert>
        <Button asChild variant="outline" className="w-full">
          <Link to={next.href}>{next.label}</Link>
        </Button>
      </div>
    );
  } else if (confirmation.isSuccess) {
    content = (
      <div className="space-y-4">
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <p>{confirmation.data.message}</p>
        </Alert>
        <Button asChild className="w-full">
          <Link to={next.href}>{next.label}</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-3 py-6" role="status">
        <Spinner />
        <p className="text-sm text-muted-foreground">Confirming your email address...</p>
      </div>
    );
  }

  return (
    <>
      <PageMeta title={paths.verifyEmail.title} noIndex />
      <AuthPageHeading title={paths.verifyEmail.title} />
      {content}
    </>
  );
}
