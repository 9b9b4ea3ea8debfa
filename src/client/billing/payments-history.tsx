import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { errorMessage } from '~/client/lib/api-client';
import { formatCents, paymentDisplayStatusLabels, paymentPurposeOf } from '~/shared/billing-texts';
import { paymentListQueryOptions } from './api';
import { formatMomentDay, paymentDisplayStatusBadges } from './billing-format';

const PAGE_SIZE = 10;

// Every payment attempt, newest first: completed, pending (the provider has not answered yet) or
// failed with the provider's reason; a completed one whose money went back says how much and when.
export function PaymentsHistory() {
  const [page, setPage] = useState(1);
  const payments = useQuery(paymentListQueryOptions({ page, page_size: PAGE_SIZE }));
  const items = payments.data?.items ?? [];

  return (
    <Card aria-labelledby="payments-history-title">
      <CardHeader>
        <CardTitle id="payments-history-title">Payment History</CardTitle>
        <CardDescription>Every payment made or attempted, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {payments.isPending && (
          <div className="grid gap-2" role="status">
            <span className="sr-only">Loading payments</span>
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </div>
        )}
        {payments.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(payments.error, 'Failed to load your payments. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => payments.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {payments.isSuccess && items.length === 0 && <p className="text-sm text-muted-foreground">No payments yet.</p>}
        {items.length > 0 && (
          <Table aria-label="Payments" className="max-md:block">
            <TableHeader className="max-md:sr-only">
              <TableRow className="hover:bg-transparent">
                <TableHead>Date</TableHead>
                <TableHead>Invoice</TableHead>
                <TableHead>Method</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={payments.isPlaceholderData ? 'opacity-60 max-md:block' : 'max-md:block'}>
              {items.map((payment) => (
                <TableRow
                  key={payment.id}
                  className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:py-2"
                >
                  <TableCell className="whitespace-nowrap max-md:p-0">
                    {formatMomentDay(payment.completed_at ?? payment.created_at)}
                  </TableCell>
                  <TableCell className="font-medium break-words max-md:p-0 max-md:[overflow-wrap:anywhere]">
                    {paymentPurposeOf(payment)}
                  </TableCell>
                  <TableCell className="max-md:basis-full max-md:p-0 max-md:[overflow-wrap:anywhere]">
                    {payment.method_label}
                    {payment.failure_message && (
                      <span className="block text-xs text-destructive">{payment.failure_message}</span>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums max-md:p-0">
                    {formatCents(payment.amount_cents, payment.currency)}
                    {payment.refunded_cents > 0 && payment.refunded_at && (
                      <span className="block text-xs text-muted-foreground">
                        Refunded {formatCents(payment.refunded_cents, payment.currency)} on{' '}
                        {formatMomentDay(payment.refunded_at)}
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="max-md:p-0">
                    <Badge variant={paymentDisplayStatusBadges[payment.display_status]}>
                      {paymentDisplayStatusLabels[payment.display_status]}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {payments.isSuccess && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={payments.data.total}
            noun="payments"
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
