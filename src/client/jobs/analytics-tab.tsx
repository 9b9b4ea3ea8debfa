import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { apiUrl, errorMessage } from '~/client/lib/api-client';
import { jobsContract } from '~/shared/contracts/jobs';
import { applicationSourceLabels } from '~/shared/job-reach';
import type { HiringAnalytics } from '~/shared/jobs';
import { hiringAnalyticsQueryOptions } from './api';
import { formatDays, formatRatio } from './format-metrics';

// The charting library loads with the Analytics tab, not with the Jobs page every visit opens.
const ApplicantsChart = lazy(() =>
  import('./applicants-chart').then((module) => ({ default: module.ApplicantsChart })),
);

const ANALYTICS_CSV_URL = apiUrl(jobsContract.analyticsCsv);
const ANALYTICS_PDF_URL = apiUrl(jobsContract.analyticsPdf);

function MetricCard({ label, value, detail }: { label: string; value: string; detail: ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-background p-4 shadow-sm">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-3xl font-bold tracking-tight">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </div>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// The Analytics tab: conversion, offer acceptance and time-to-hire computed by the server from the
// company's applications, the applicants of the last 12 weeks, where applications came from, and all of it
// as downloadable reports.
export function AnalyticsTab() {
  const analytics = useQuery(hiringAnalyticsQueryOptions());

  if (analytics.isError) {
    return (
      <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
        <div>
          <AlertTitle>Error loading analytics</AlertTitle>
          <p>{errorMessage(analytics.error, 'Failed to load your hiring analytics. Please try again.')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => analytics.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }

  const data = analytics.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* Plain links: the browser downloads the server's file with the session cookie. */}
        <Button asChild variant="outline">
          <a href={ANALYTICS_CSV_URL} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={ANALYTICS_PDF_URL} download>
            <FileTextIcon aria-hidden="true" />
            Export PDF
          </a>
        </Button>
      </div>

      {data ? (
        <section aria-label="Hiring metrics" className="grid gap-3 md:grid-cols-3">
          <MetricCard
            label="Conversion rate"
            value={formatRatio(data.conversion_rate)}
            detail={`${plural(data.hires, 'hire')} from ${plural(data.applications, 'application')}`}
          />
          <MetricCard
            label="Offer acceptance"
            value={formatRatio(data.offer_acceptance_rate)}
            detail={`${data.offers_accepted} of ${plural(data.offers - data.offers_open, 'answered offer')} accepted${data.offers_open > 0 ? `, ${data.offers_open} awaiting an answer` : ''}`}
          />
          <MetricCard
            label="Time-to-hire"
            value={formatDays(data.avg_time_to_hire_days)}
            detail="Average from publishing to hire"
          />
        </section>
      ) : (
        <div className="grid gap-3 md:grid-cols-3" role="status">
          <span className="sr-only">Loading analytics</span>
          {[1, 2, 3].map((card) => (
            <Skeleton key={card} className="h-28" />
          ))}
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Applicants per Week</CardTitle>
          <CardDescription>Applications received in each of the last 12 weeks (weeks start on Sunday).</CardDescription>
        </CardHeader>
        <CardContent>
          {data ? (
            <Suspense fallback={<Skeleton className="h-56" />}>
              <ApplicantsChart weeks={data.applicants_per_week} />
            </Suspense>
          ) : (
            <Skeleton className="h-56" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Applications by Source</CardTitle>
          <CardDescription>
            Where applicants came from: the Tandem board, Indeed, Google, the job feed, a shared link or a member's
            referral.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!data ? (
            <Skeleton className="h-40" />
          ) : data.applications === 0 ? (
            <p className="text-sm text-muted-foreground">No applications yet: where they come from shows here.</p>
          ) : (
            <SourceTable rows={data.by_source} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SourceTable({ rows }: { rows: HiringAnalytics['by_source'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-4 font-medium">
              Source
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Applications
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Hires
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.source} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-4 text-left font-medium">
                {applicationSourceLabels[row.source]}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{row.applications}</td>
              <td className="py-2 text-right tabular-nums">{row.hires}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
