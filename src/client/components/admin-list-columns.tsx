import { useEffect } from 'react';
import { BreakableText } from '~/client/components/breakable-text';
import type { DataListColumn } from '~/client/components/data-list';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';

// Columns the admin lists (Company and Applicant Management) share: a name with its email under it, and
// View Details (their figures use figure-column.tsx).

export function nameAndEmailColumn<Item>({
  header,
  name,
  email,
}: {
  header: string;
  name: (item: Item) => string;
  email: (item: Item) => string;
}): DataListColumn<Item> {
  return {
    id: 'name',
    phone: 'title',
    header,
    className: 'md:min-w-48',
    cell: (item) => (
      <div className="grid">
        <span className="font-medium">{name(item)}</span>
        <span className="text-xs break-words text-muted-foreground">
          <BreakableText text={email(item)} />
        </span>
      </div>
    ),
  };
}

// View Details: ends the row's details below 768 px rather than crowding its title.
export function viewDetailsColumn<Item>({
  name,
  onView,
}: {
  name: (item: Item) => string;
  onView: (item: Item) => void;
}): DataListColumn<Item> {
  return {
    id: 'actions',
    phone: 'detail',
    phoneOrder: 5,
    className: 'md:text-right',
    header: <span className="sr-only">Actions</span>,
    cell: (item) => (
      <Button variant="outline" size="sm" onClick={() => onView(item)} aria-label={`View details of ${name(item)}`}>
        View Details
      </Button>
    ),
  };
}

// A list that fails to load also says so in a toast (docs/spec/admin-billing-and-content.md §8), once per failure.
export function useLoadErrorToast(isError: boolean, title: string, description: string) {
  useEffect(() => {
    if (isError) toast({ variant: 'destructive', title, description });
  }, [isError, title, description]);
}
