import { useQuery } from '@tanstack/react-query';
import { PlusIcon, SearchIcon, UserCogIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { BreakableText } from '~/client/components/breakable-text';
import { DataList, type DataListColumn } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Input } from '~/client/components/ui/input';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { type AccountManager, accountManagerStatusLabels } from '~/shared/account-managers';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { AccountManagerDialog, type ManagerDialogState } from './account-manager-dialog';
import { accountManagersSearch, toAccountManagerListQuery } from './account-managers-search';
import { accountManagerListQueryOptions } from './api';
import { SpecialtyBadges } from './specialty-badges';

// The search box and its Search button (docs/spec/admin-billing-and-content.md §2 item 6): the server searches
// names and emails.
function SearchForm({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // Clear Filters or Back changed the search: show it.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="sm:max-w-md sm:flex-1">
      <form className="flex gap-2" onSubmit={submit}>
        <div className="relative flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search account managers"
            placeholder="Search by name or email"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
    </search>
  );
}

// The table of /admin/account-managers: manager, status, companies, employees, monthly revenue, the first
// two specialties and View Details; Add Manager opens the same dialog in its add mode.
export function AccountManagersSection() {
  const search = useListSearch(accountManagersSearch);
  const managers = useQuery(accountManagerListQueryOptions(toAccountManagerListQuery(search.state)));
  const [dialog, setDialog] = useState<ManagerDialogState>(null);

  const columns: DataListColumn<AccountManager>[] = [
    {
      id: 'manager',
      phone: 'title',
      header: 'Manager',
      cell: (manager) => (
        <div className="flex min-w-0 items-center gap-3">
          <ProfilePhoto name={manager.name} src={null} size="small" />
          <div className="min-w-0">
            <p className="font-medium [overflow-wrap:anywhere]">{manager.name}</p>
            <p className="text-sm break-words text-muted-foreground">
              <BreakableText text={manager.email} />
            </p>
          </div>
        </div>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (manager) => (
        <Badge variant={manager.status === 'active' ? 'success' : 'warning'}>
          {accountManagerStatusLabels[manager.status]}
        </Badge>
      ),
    },
    figureColumn({ id: 'companies', header: 'Companies', phoneOrder: 2, value: (manager) => manager.total_companies }),
    figureColumn({ id: 'employees', header: 'Employees', phoneOrder: 3, value: (manager) => manager.total_employees }),
    figureColumn({
      id: 'revenue',
      header: monthlyRevenueTexts.label,
      phoneLabel: monthlyRevenueTexts.label,
      phoneOrder: 4,
      value: (manager) => formatCents(manager.monthly_revenue_cents),
    }),
    {
      id: 'specialties',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Specialties',
      cell: (manager) => <SpecialtyBadges specialties={manager.specialties} />,
    },
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (manager) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDialog({ mode: 'view', manager })}
          aria-label={`View details of ${manager.name}`}
        >
          <span className="max-md:sr-only">View Details</span>
          <span className="md:hidden" aria-hidden="true">
            View
          </span>
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchForm value={search.state.q} onSearch={(q) => search.change({ q })} />
      <Button className="sm:ml-auto" onClick={() => setDialog({ mode: 'add' })}>
        <PlusIcon aria-hidden="true" />
        Add Manager
      </Button>
    </div>
  );

  return (
    <>
      <DataList
        label="Account managers"
        noun="managers"
        query={managers}
        columns={columns}
        rowKey={(manager) => manager.id}
        search={search}
        errorTitle="Failed to load account managers"
        errorText={errorMessage(managers.error, 'Please check your connection and try again.')}
        empty={{
          icon: UserCogIcon,
          filtered: { title: 'No managers found', description: 'Try another name or email address.' },
          none: { title: 'No account managers yet', description: 'Add Manager invites the first one.' },
        }}
        toolbar={toolbar}
      />
      <AccountManagerDialog state={dialog} onStateChange={setDialog} />
    </>
  );
}
