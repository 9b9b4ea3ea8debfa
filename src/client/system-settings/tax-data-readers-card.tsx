import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatMomentDayIn } from '~/client/lib/iso-day';
import { taxFormTexts } from '~/shared/tax-forms';
import { taxDataReadersQueryOptions, useChangeTaxDataReader } from './api';

// Tax data readers (issue 56): the administrators who may reveal a talent's whole tax identification number
// and download their signed tax form. One administrator gives or takes another's grant; the audit log keeps it.
export function TaxDataReadersCard() {
  const readers = useQuery(taxDataReadersQueryOptions());
  const change = useChangeTaxDataReader();
  const titleId = useId();
  async function toggle(id: string, granted: boolean) {
    try {
      const { message } = await change.mutateAsync({ id, granted });
      toast({ title: message });
    } catch (error) {
      toast({ title: 'Not changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Tax data readers</CardTitle>
        <CardDescription>
          Who may reveal a talent’s whole tax identification number and download their signed W-9 or W-8BEN. Every
          administrator sees whether a form is on file; each reveal and download is recorded in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {readers.isPending && <Skeleton className="h-16 w-full" />}
        {readers.isError && (
          <Alert variant="destructive">{errorMessage(readers.error, 'Failed to load the tax data readers.')}</Alert>
        )}
        {readers.data?.items.map((admin) => (
          <ReaderRow
            key={admin.id}
            name={admin.name}
            email={admin.email}
            grantedAt={admin.granted_at}
            grantedBy={admin.granted_by}
            isYou={admin.is_you}
            isBusy={change.isPending}
            onChange={(granted) => toggle(admin.id, granted)}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function ReaderRow(props: {
  name: string;
  email: string;
  grantedAt: string | null;
  grantedBy: string | null;
  isYou: boolean;
  isBusy: boolean;
  onChange: (granted: boolean) => void;
}) {
  const id = useId();
  const granted = props.grantedAt !== null;
  return (
    <div className="flex items-center justify-between gap-4 border-b pb-3 last:border-b-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="text-sm font-medium break-words">
          {props.name} <span className="font-normal text-muted-foreground">{props.email}</span>
        </label>
        <p className="text-xs text-muted-foreground">
          {props.isYou
            ? taxFormTexts.grantSelf
            : granted
              ? `Given by ${props.grantedBy ?? 'an administrator'} on ${formatMomentDayIn(props.grantedAt ?? '', null)}.`
              : 'Not a tax data reader.'}
        </p>
      </div>
      <Switch id={id} checked={granted} disabled={props.isYou || props.isBusy} onCheckedChange={props.onChange} />
    </div>
  );
}
