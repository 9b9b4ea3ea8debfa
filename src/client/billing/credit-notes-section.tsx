import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import type { CreditNote } from '~/shared/billing';
import { creditNoteReasonLabels, formatCents } from '~/shared/billing-texts';
import { creditNoteListQueryOptions, downloadCreditNoteEInvoice, downloadCreditNotePdf } from './api';
import { formatDay } from './billing-format';

const PAGE_SIZE = 10;

const creditedLine = (note: CreditNote) =>
  note.invoice_number ? `Invoice ${note.invoice_number}` : `Milestone ${note.milestone_title ?? ''}`;

async function download(fetchFile: () => Promise<void>, what: string) {
  try {
    await fetchFile();
  } catch (error) {
    toast({
      title: 'Download failed',
      description: errorMessage(error, `The ${what} could not be downloaded. Please try again.`),
      variant: 'destructive',
    });
  }
}

// The company's credit notes (decision 048), newest first: every refund, chargeback and milestone refunded or
// settled, what it credits and its PDF. Shown once there is one: most companies never have any.
export function CreditNotesSection() {
  const [page, setPage] = useState(1);
  const notes = useQuery(creditNoteListQueryOptions({ page, page_size: PAGE_SIZE }));
  if (notes.isPending || (notes.isSuccess && notes.data.total === 0)) return null;
  const items = notes.data?.items ?? [];
  return (
    <Card aria-labelledby="credit-notes-title">
      <CardHeader>
        <CardTitle id="credit-notes-title">Credit Notes</CardTitle>
        <CardDescription>Money given back to you, each refund a numbered credit note, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notes.isError && (
          <Alert variant="destructive" className="items-center justify-between">
            <p>{errorMessage(notes.error, 'Failed to load your credit notes. Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => notes.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {items.length > 0 && (
          <Table aria-label="Credit notes" className="max-md:block">
            <TableHeader className="max-md:sr-only">
              <TableRow className="hover:bg-transparent">
                <TableHead>Number</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Credits</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>
                  <span className="sr-only">Files</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className="max-md:block">
              {items.map((note) => (
                <TableRow
                  key={note.id}
                  className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:py-2"
                >
                  <TableCell className="font-medium whitespace-nowrap max-md:p-0">{note.credit_note_number}</TableCell>
                  <TableCell className="whitespace-nowrap max-md:p-0">{formatDay(note.issue_date)}</TableCell>
                  <TableCell className="break-words max-md:p-0 max-md:[overflow-wrap:anywhere]">
                    {creditedLine(note)}
                  </TableCell>
                  <TableCell className="max-md:p-0">{creditNoteReasonLabels[note.reason]}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums max-md:p-0">
                    {formatCents(note.total_cents, note.currency)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap max-md:p-0">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Download ${note.credit_note_number}`}
                      onClick={() =>
                        download(
                          () =>
                            downloadCreditNotePdf({
                              credit_note_id: note.id,
                              credit_note_number: note.credit_note_number,
                            }),
                          'PDF',
                        )
                      }
                    >
                      <DownloadIcon aria-hidden="true" />
                      PDF
                    </Button>
                    {/* A sales tax is no VAT: EN 16931 has no e-invoice for it. */}
                    {note.tax.category !== 'sales_tax' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Download ${note.credit_note_number} as an e-invoice (XML)`}
                        onClick={() => download(() => downloadCreditNoteEInvoice(note), 'e-invoice')}
                      >
                        <DownloadIcon aria-hidden="true" />
                        XML
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {notes.isSuccess && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={notes.data.total}
            noun="credit notes"
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
