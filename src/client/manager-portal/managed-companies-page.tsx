import { useQuery } from '@tanstack/react-query';
import { Building2Icon, DollarSignIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type DataListColumn } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { PageMeta } from '~/client/components/page-meta';
import { SearchInput } from '~/client/components/search-input';
import { SummaryCards } from '~/client/components/summary-cards';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { errorMessage } from '~/client/lib/api-client';
import { defineListSearch, useListSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import type { ManagedCompany } from '~/shared/account-managers';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { paths } from '~/shared/routes';
import { managedCompanyListQueryOptions } from './api';

const companiesSearch = defineListSearch({ pageSizes: [20, 50, 100], filters: {} });

// /manager ("My Companies"): the companies assigned to the signed-in account manager, and nobody else's.
export function ManagedCompaniesPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useListSearch(companiesSearch);
  const { q, page, pageSize } = search.state;
  const companies = useQuery(managedCompanyListQueryOptions({ q: q || undefined, page, page_size: pageSize }));

  const columns: DataListColumn<ManagedCompany>[] = [
    {
      id: 'name',
      phone: 'title',
      header: 'Company',
      cell: (company) => (
        <div className="min-w-0">
          <Link
            to={paths.managerCompany.getHref({ id: company.id })}
            className="font-medium text-foreground underline-offset-4 hover:underline"
          >
            {company.name}
          </Link>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{company.contact_email}</p>
        </div>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (company) => (
        <Badge variant={company.status === 'active' ? 'success' : 'danger'}>
          {company.status === 'active' ? 'Active' : 'Suspended'}
        </Badge>
      ),
    },
    figureColumn({ id: 'employees', header: 'Employees', phoneOrder: 2, value: (company) => company.total_employees }),
    figureColumn({ id: 'jobs', header: 'Open Jobs', phoneOrder: 3, value: (company) => company.open_jobs }),
    figureColumn({
      id: 'revenue',
      header: monthlyRevenueTexts.label,
      phoneLabel: monthlyRevenueTexts.label,
      phoneOrder: 4,
      value: (company) => formatCents(company.monthly_revenue_cents),
    }),
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (company) => (
        <Button variant="outline" size="sm" asChild>
          <Link to={paths.managerCompany.getHref({ id: company.id })} aria-label={`View ${company.name}`}>
            View
          </Link>
        </Button>
      ),
    },
  ];

  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          The companies assigned to you, their teams and this month’s revenue. {monthlyRevenueTexts.explained}
        </p>
      </div>
      <SummaryCards
        query={companies}
        label="Your companies"
        count={3}
        failure="Failed to load your companies. Please try again."
        cardsOf={({ summary }) => [
          { label: 'Companies', value: summary.total_companies, hint: 'Assigned to you', icon: <Building2Icon /> },
          {
            label: 'Employees',
            value: summary.total_employees,
            hint: 'Talent at work at your companies',
            icon: <UsersIcon />,
          },
          {
            label: monthlyRevenueTexts.label,
            value: formatCents(summary.monthly_revenue_cents),
            hint: monthlyRevenueTexts.hint,
            icon: <DollarSignIcon />,
          },
        ]}
      />
      <DataList
        label="Your companies"
        noun="companies"
        query={companies}
        columns={columns}
        rowKey={(company) => company.id}
        search={search}
        errorTitle="Failed to load your companies"
        errorText={errorMessage(companies.error, 'Please check your connection and try again.')}
        empty={{
          icon: Building2Icon,
          filtered: { title: 'No companies found', description: 'Try another name or email address.' },
          none: {
            title: 'No companies assigned yet',
            description: 'An administrator assigns companies to you; they appear here.',
          },
        }}
        toolbar={
          <SearchInput
            className="sm:max-w-xs"
            label="Search your companies"
            placeholder="Search by name or email"
            value={q}
            onSearch={(next) => search.change({ q: next }, { replace: true })}
          />
        }
      />
    </div>
  );
}
