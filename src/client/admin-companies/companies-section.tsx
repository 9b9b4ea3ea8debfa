import { useQuery } from '@tanstack/react-query';
import { Building2Icon } from 'lucide-react';
import { useState } from 'react';
import { nameAndEmailColumn, useLoadErrorToast, viewDetailsColumn } from '~/client/components/admin-list-columns';
import { DataList, type DataListColumn } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { useRowSelection } from '~/client/components/row-selection';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { Badge } from '~/client/components/ui/badge';
import { NativeSelect } from '~/client/components/ui/native-select';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import {
  type AccountManagerOption,
  type AdminCompany,
  adminCompanyTexts,
  companyStatuses,
  companyStatusLabels,
} from '~/shared/admin-companies';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { accountManagerOptionsQueryOptions, adminCompanyListQueryOptions, useAssignAccountManager } from './api';
import { companiesSearch, toCompanyListQuery } from './companies-search';
import { CompanyBulkBar } from './company-bulk-bar';
import { CompanyDetailsDrawer } from './company-details-drawer';

// The account manager dropdown of a row: choosing assigns at once.
function AccountManagerSelect({ company, managers }: { company: AdminCompany; managers: AccountManagerOption[] }) {
  const assign = useAssignAccountManager();
  const onChange = (accountManagerId: string | null) =>
    assign.mutate(
      { companyId: company.id, accountManagerId },
      {
        onSuccess: ({ company: updated }) =>
          toast({
            title: adminCompanyTexts.assigned,
            description: updated.account_manager_name
              ? `${updated.account_manager_name} now manages ${updated.name}.`
              : `${updated.name} has no account manager now.`,
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: adminCompanyTexts.assignFailed,
            description: errorMessage(error, adminCompanyTexts.assignFailed),
          }),
      },
    );
  // The company's manager stays listed even when the options have not loaded yet.
  const options =
    company.account_manager_id && !managers.some((manager) => manager.id === company.account_manager_id)
      ? [...managers, { id: company.account_manager_id, name: company.account_manager_name ?? 'Assigned', email: '' }]
      : managers;
  return (
    <NativeSelect
      aria-label={`Account manager for ${company.name}`}
      // Gives way before the row does: at 1280 px beside the open sidebar, View Details must still fit.
      className="w-full md:min-w-36 md:max-w-52"
      value={company.account_manager_id ?? ''}
      disabled={assign.isPending}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">Unassigned</option>
      {options.map((manager) => (
        <option key={manager.id} value={manager.id}>
          {manager.name}
        </option>
      ))}
    </NativeSelect>
  );
}

// The companies of /admin/companies (docs/spec/admin-billing-and-content.md §2 item 2): search, status filter,
// the table with row checkboxes, the account manager dropdown and View Details; the bulk bar while rows are
// selected.
export function CompaniesSection() {
  const search = useListSearch(companiesSearch);
  const { state } = search;
  const query = toCompanyListQuery(state);
  const companies = useQuery(adminCompanyListQueryOptions(query));
  const managers = useQuery(accountManagerOptionsQueryOptions()).data?.items ?? [];
  const items = companies.data?.items ?? [];
  const selection = useRowSelection(items, JSON.stringify(query));
  const [viewed, setViewed] = useState<AdminCompany | null>(null);

  useLoadErrorToast(companies.isError, adminCompanyTexts.loadFailedTitle, adminCompanyTexts.loadFailed);

  const columns: DataListColumn<AdminCompany>[] = [
    selection.column({ noun: 'companies', nameOf: (company) => company.name }),
    nameAndEmailColumn({
      header: 'Company',
      name: (company) => company.name,
      email: (company) => company.contact_email,
    }),
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (company) => (
        <Badge variant={company.status === 'active' ? 'success' : 'danger'}>
          {companyStatusLabels[company.status]}
        </Badge>
      ),
    },
    {
      id: 'manager',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Account Manager',
      className: 'max-md:basis-full',
      cell: (company) => <AccountManagerSelect company={company} managers={managers} />,
    },
    figureColumn({ id: 'workers', header: 'Workers', phoneOrder: 2, value: (company) => company.workers }),
    figureColumn({ id: 'jobs', header: 'Active Jobs', phoneOrder: 3, value: (company) => company.active_jobs }),
    figureColumn({
      id: 'revenue',
      header: monthlyRevenueTexts.label,
      phoneLabel: monthlyRevenueTexts.label,
      phoneOrder: 3,
      value: (company) => formatCents(company.monthly_revenue_cents, company.currency),
    }),
    viewDetailsColumn<AdminCompany>({ name: (company) => company.name, onView: setViewed }),
  ];

  const toolbar = (
    <>
      <SearchStatusToolbar
        search={search}
        searchLabel="Search companies"
        placeholder="Search by name or contact email"
        statuses={companyStatuses}
        statusLabels={companyStatusLabels}
      />
      {selection.selectedIds.length > 0 && (
        <CompanyBulkBar selectedIds={selection.selectedIds} onDone={selection.clear} />
      )}
    </>
  );

  return (
    <>
      <DataList
        label="Companies"
        noun="companies"
        query={companies}
        columns={columns}
        rowKey={(company) => company.id}
        isRowSelected={selection.isSelected}
        search={search}
        errorTitle={adminCompanyTexts.loadFailedTitle}
        errorText={errorMessage(companies.error, adminCompanyTexts.loadFailed)}
        empty={{
          icon: Building2Icon,
          filtered: { title: 'No companies found', description: 'Try another name, email or status.' },
          none: { title: 'No companies yet', description: 'Companies appear here as they register.' },
        }}
        toolbar={toolbar}
      />
      <CompanyDetailsDrawer company={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
