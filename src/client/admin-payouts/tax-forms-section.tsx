import { useQuery } from '@tanstack/react-query';
import { FileCheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import {
  type TaxFormQueueState,
  taxFormKindLabels,
  taxFormQueueStateLabels,
  taxFormQueueStates,
} from '~/shared/tax-forms';
import { taxFormQueueQueryOptions } from './api';

const emptyText: Record<TaxFormQueueState, string> = {
  missing: 'Every talent who has worked has a tax form on file.',
  expiring: 'No W-8BEN ends in the next 60 days.',
  expired: 'No talent’s form has ended.',
};

// The tax forms queue (issue 56): who has worked with no W-9 or W-8BEN on file, whose W-8BEN ends soon, whose
// has ended — the talents a payout run stops on, or soon will, while the setting asks for a form.
export function TaxFormsSection() {
  const titleId = useId();
  const [state, setState] = useState<TaxFormQueueState>('missing');
  const [page, setPage] = useState(1);
  const queue = useQuery(taxFormQueueQueryOptions({ state, page }));
  const counts = queue.data?.counts;
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Tax forms</CardTitle>
        <CardDescription>
          Talents who have worked and whose payouts wait, or soon will, for a W-9 or W-8BEN. Each is reminded 60 days
          before a W-8BEN ends and told on Earnings why a payout waits.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 space-y-4">
        <Tabs
          value={state}
          onValueChange={(value) => {
            setState(taxFormQueueStates.find((known) => known === value) ?? 'missing');
            setPage(1);
          }}
        >
          <TabsList aria-label="Tax form states" className="max-w-full overflow-x-auto">
            {taxFormQueueStates.map((value) => (
              <TabsTrigger key={value} value={value}>
                {taxFormQueueStateLabels[value]}
                {counts && ` (${counts[value]})`}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Each state's panel, as the tabs name it; the one shown holds the list. */}
          {taxFormQueueStates.map((value) => (
            <TabsContent key={value} value={value} className="mt-4 space-y-4">
              {value === state && (
                <>
                  {queue.isPending && (
                    <div role="status" aria-label="Loading the tax forms queue" className="space-y-2">
                      {[0, 1, 2].map((row) => (
                        <Skeleton key={row} className="h-9 w-full" />
                      ))}
                    </div>
                  )}
                  {queue.isError && (
                    <Alert variant="destructive">
                      <div className="space-y-2">
                        <p>{errorMessage(queue.error, 'Failed to load the tax forms queue. Please try again.')}</p>
                        <Button size="sm" variant="outline" onClick={() => queue.refetch()}>
                          Try Again
                        </Button>
                      </div>
                    </Alert>
                  )}
                  {queue.isSuccess && queue.data.total === 0 && (
                    <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
                      <FileCheckIcon aria-hidden="true" className="size-8" />
                      <p>{emptyText[state]}</p>
                    </div>
                  )}
                  {queue.isSuccess && queue.data.total > 0 && (
                    <>
                      <Table aria-label={`Tax forms: ${taxFormQueueStateLabels[state]}`}>
                        <TableHeader>
                          <TableRow>
                            <TableHead>Talent</TableHead>
                            <TableHead>Form</TableHead>
                            <TableHead className="max-sm:hidden">Reminded</TableHead>
                          </TableRow>
                        </TableHeader>
                        <TableBody>
                          {queue.data.items.map((row) => (
                            <TableRow key={row.applicant_id}>
                              <TableCell>
                                <span className="font-medium">{row.name}</span>
                                <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                                  {row.email}
                                </span>
                              </TableCell>
                              <TableCell>
                                {row.kind ? taxFormKindLabels[row.kind] : 'None'}
                                {row.valid_until && (
                                  <span className="block text-xs text-muted-foreground">
                                    Valid until {formatIsoDay(row.valid_until)}
                                  </span>
                                )}
                              </TableCell>
                              <TableCell className="text-sm text-muted-foreground max-sm:hidden">
                                {row.reminded_at ? formatIsoDay(row.reminded_at.slice(0, 10)) : '—'}
                              </TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                      <Pagination
                        page={page}
                        pageSize={queue.data.page_size}
                        total={queue.data.total}
                        onPageChange={setPage}
                        noun="talents"
                      />
                    </>
                  )}
                </>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
