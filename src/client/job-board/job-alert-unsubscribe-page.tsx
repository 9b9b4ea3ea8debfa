import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { savedSearchTexts } from '~/shared/saved-searches';
import { jobAlertQueryOptions, useUnsubscribeJobAlert } from './api';

const couldNotTurnOff = 'We could not turn these alerts off. Please try again.';
const couldNotLoad = 'We could not load these job alerts. Please try again.';

// /job-alerts/:token/unsubscribe, the link at the foot of every job alert: it names the saved search, and one
// click turns its alerts off, without signing in. Opening the link changes nothing: mail scanners open every
// link of a message, and a mail app's own one-click unsubscribe posts to the API (RFC 8058). The search itself
// stays saved, and its alerts can be turned back on from Saved Searches.
export default function JobAlertUnsubscribePage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { token = '' } = useParams();
  const subscription = useQuery(jobAlertQueryOptions(token));
  const unsubscribe = useUnsubscribeJobAlert(token);
  const manageLink = (
    <Button asChild variant={unsubscribe.isSuccess ? 'default' : 'ghost'} className="w-full">
      <Link to={paths.applicantSavedSearches.getHref()}>Manage saved searches</Link>
    </Button>
  );

  let content: ReactNode;
  if (subscription.isPending) {
    content = (
      <div className="flex flex-col items-center gap-3 py-6" role="status">
        <Spinner />
        <p className="text-sm text-muted-foreground">Loading these job alerts...</p>
      </div>
    );
  } else if (subscription.isError) {
    content = (
      <div className="space-y-4">
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <p>{errorMessage(subscription.error, couldNotLoad)}</p>
        </Alert>
        {/* A link the server refused (malformed, or its search deleted) stays so; a failure may pass. */}
        {!(isApiError(subscription.error) && subscription.error.status < 500) && (
          <Button variant="outline" className="w-full" onClick={() => subscription.refetch()}>
            Try Again
          </Button>
        )}
        {manageLink}
      </div>
    );
  } else if (subscription.data.frequency === 'none') {
    const { search_name: name } = subscription.data;
    content = (
      <div className="space-y-4">
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <div>
            <p className="font-medium">
              {unsubscribe.isSuccess ? `You are unsubscribed from “${name}”.` : `“${name}” sends no emails.`}
            </p>
            <p>{savedSearchTexts.unsubscribed} The search stays saved: turn its alerts back on at any time.</p>
          </div>
        </Alert>
        {manageLink}
      </div>
    );
  } else {
    const { search_name: name, frequency } = subscription.data;
    content = (
      <div className="space-y-4">
        <p className="text-center text-sm text-muted-foreground">
          Your saved search “{name}” emails you its new jobs {frequency === 'daily' ? 'every day' : 'every week'}.
        </p>
        {unsubscribe.isError && (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <p>{errorMessage(unsubscribe.error, couldNotTurnOff)}</p>
          </Alert>
        )}
        <Button className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
        {manageLink}
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
