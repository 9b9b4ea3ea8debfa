import { CircleCheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { savedSearchTexts } from '~/shared/saved-searches';
import { useUnsubscribeJobAlert } from './api';

// /job-alerts/:token/unsubscribe, the link at the foot of every job alert: one click from the email turns that
// saved search's alerts off, without signing in, and this page says so. The search itself stays saved, and its
// alerts can be turned back on from Saved Searches.
export default function JobAlertUnsubscribePage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { token = '' } = useParams();
  const { mutate: unsubscribe, ...unsubscribing } = useUnsubscribeJobAlert();
  // StrictMode runs effects twice: one request is enough (the second would change nothing anyway).
  const hasSent = useRef(false);
  const manage = paths.applicantSavedSearches.getHref();

  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    unsubscribe(token);
  }, [token, unsubscribe]);

  let content: ReactNode;
  if (unsubscribing.isError) {
    content = (
      <div className="space-y-4">
        <Alert variant="destructive">
          <p>{errorMessage(unsubscribing.error, 'We could not turn these alerts off. Please try again.')}</p>
        </Alert>
        <Button variant="outline" className="w-full" onClick={() => unsubscribe(token)}>
          Try again
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to={manage}>Manage saved searches</Link>
        </Button>
      </div>
    );
  } else if (unsubscribing.isSuccess) {
    content = (
      <div className="space-y-4">
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <div>
            <p className="font-medium">You are unsubscribed from “{unsubscribing.data.search_name}”.</p>
            <p>{savedSearchTexts.unsubscribed} The search stays saved: turn its alerts back on at any time.</p>
          </div>
        </Alert>
        <Button asChild className="w-full">
          <Link to={manage}>Manage saved searches</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="flex flex-col items-center gap-3 py-6" role="status">
        <Spinner />
        <p className="text-sm text-muted-foreground">Turning off these job alerts...</p>
      </div>
    );
  }

  return (
    <>
      <PageMeta title={title} noIndex />
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      </div>
      {content}
    </>
  );
}
