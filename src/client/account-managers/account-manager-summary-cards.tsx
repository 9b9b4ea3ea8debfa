import { useQuery } from '@tanstack/react-query';
import { Building2Icon, DollarSignIcon, UserCogIcon, UsersIcon } from 'lucide-react';
import { SummaryCards } from '~/client/components/summary-cards';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { accountManagerSummaryQueryOptions } from './api';

// The four cards (docs/spec/admin-billing-and-content.md §2 item 6) from GET /api/admin/account-managers/summary.
export function AccountManagerSummaryCards() {
  return (
    <SummaryCards
      query={useQuery(accountManagerSummaryQueryOptions())}
      label="Account manager summary"
      count={4}
      failure="Failed to load the account manager summary. Please try again."
      cardsOf={(summary) => [
        {
          label: 'Total Managers',
          value: summary.total_managers,
          hint: 'Account managers on the platform',
          icon: <UserCogIcon />,
        },
        {
          label: 'Total Companies',
          value: summary.total_companies,
          hint: 'Companies with an account manager',
          icon: <Building2Icon />,
        },
        {
          label: 'Total Employees',
          value: summary.total_employees,
          hint: 'Active assignments at those companies',
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
  );
}
