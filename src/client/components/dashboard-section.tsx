import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorReference } from '~/client/components/error-reference';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';

// One section of a dashboard: a titled card with its "View All" link (features compose their own).
export function DashboardSection({
  id,
  title,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  viewAll?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle id={`${id}-title`} className="min-w-0">
          {title}
        </CardTitle>
        {viewAll && (
          <Link
            to={viewAll.to}
            className="shrink-0 text-sm font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
          >
            {viewAll.label}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

// What a section says when it has nothing to show, with the way to change that.
export function SectionEmpty({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: { to: string; label: string };
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      {action && (
        <Link to={action.to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {action.label}
        </Link>
      )}
    </div>
  );
}

// A loading section: its title's place and five rows (docs/spec/portal-and-public-site.md §9: skeleton loaders
// show 5 rows).
export function SectionSkeleton() {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <Skeleton className="h-6 w-40" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {[1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </CardContent>
    </Card>
  );
}

// A dashboard's one error (docs/spec/portal-and-public-site.md §2): its sentence and Try Again, which asks
// again for what failed.
export function DashboardLoadError({
  message,
  queries,
}: {
  message: string;
  queries: Array<{ isError: boolean; error?: unknown; refetch: () => unknown }>;
}) {
  return (
    <Alert variant="destructive" className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p>{message}</p>
        <ErrorReference error={queries.find((query) => query.isError)?.error} className="mt-1" />
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      >
        Try Again
      </Button>
    </Alert>
  );
}
