import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { oidcMessages } from '~/shared/oidc';
import { paths } from '~/shared/routes';
import type { AdminLoginState } from './admin-login-page';
import { useCompleteOidcSignIn } from './api';

// Where an identity provider sends the browser back (/auth/callback, and /auth/apple/callback after the
// server has handled Apple's form post). The code is exchanged by the server, once.

// What the address alone says is wrong, before asking the server anything.
function problemInAddress(query: URLSearchParams): string | null {
  const error = query.get('error');
  if (error) return `${oidcMessages.providerError} ${error}`;
  // The server's Apple form-post handler sends its own message on.
  const failure = query.get('failure');
  if (failure) return failure;
  if (!query.get('code') || !query.get('state')) return oidcMessages.missingParameters;
  return null;
}

export default function AuthCallbackPage({ pageId }: PageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate: completeSignIn } = useCompleteOidcSignIn();
  const [exchangeFailure, setExchangeFailure] = useState<string | null>(null);
  const failure = problemInAddress(searchParams) ?? exchangeFailure;
  // An authorization code works once: StrictMode's second effect run must not send it again.
  const hasExchanged = useRef(false);

  useEffect(() => {
    if (hasExchanged.current || problemInAddress(searchParams)) return;
    hasExchanged.current = true;
    const iss = searchParams.get('iss');
    completeSignIn(
      { code: searchParams.get('code') ?? '', state: searchParams.get('state') ?? '', ...(iss && { iss }) },
      {
        onSuccess: (result) => {
          if (result.status === 'signed_in') navigate(result.redirect_to, { replace: true });
          else {
            navigate(paths.adminLogin.getHref(), {
              replace: true,
              state: { stage: result.stage } satisfies AdminLoginState,
            });
          }
        },
        onError: (error) => setExchangeFailure(errorMessage(error, oidcMessages.generic)),
      },
    );
  }, [searchParams, completeSignIn, navigate]);

  return (
    <>
      <PageMeta title={paths[pageId].title} noIndex />
      {/* The route's title for assistive technology; the screen shows what is happening. */}
      <h1 className="sr-only">{paths[pageId].title}</h1>
      {failure ? (
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
            <CircleAlertIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 className="text-2xl font-bold tracking-tight">Authentication Failed</h2>
          <p role="alert" className="text-sm wrap-anywhere text-muted-foreground">
            {failure}
          </p>
          <Button className="mt-2" onClick={() => navigate(paths.login.getHref(), { replace: true })}>
            Back to Login
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-4 py-8 text-center" role="status">
          <Spinner />
          <h2 className="text-2xl font-bold tracking-tight">Completing Sign In</h2>
          <p className="text-sm text-muted-foreground">Please wait while we sign you in.</p>
        </div>
      )}
    </>
  );
}
