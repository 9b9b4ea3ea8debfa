import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { DetailFact, DetailsDrawer } from '~/client/components/details-drawer';
import { Badge } from '~/client/components/ui/badge';
import { type AdminCompany, adminCompanyTexts, companyStatusLabels } from '~/shared/admin-companies';
import { formatCents } from '~/shared/billing';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { adminCompanyDetailQueryOptions } from './api';

// View Details of a company's row (docs/spec/admin-billing-and-content.md §2 item 2): contact email, workers,
// jobs, monthly revenue, account manager, created.
export function CompanyDetailsDrawer({ company, onClose }: { company: AdminCompany | null; onClose: () => void }) {
  const query = useQuery({ ...adminCompanyDetailQueryOptions(company?.id ?? ''), enabled: company !== null });
  const detail = query.data;
  return (
    <DetailsDrawer
      open={company !== null}
      onClose={onClose}
      title={company?.name ?? 'Company'}
      query={query}
      notFoundText={adminCompanyTexts.notFound}
      loadErrorText={adminCompanyTexts.loadFailed}
    >
      {detail && (
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DetailFact label="Contact email">{detail.contact_email}</DetailFact>
          <DetailFact label="Status">
            <Badge variant={detail.status === 'active' ? 'success' : 'danger'}>
              {companyStatusLabels[detail.status]}
            </Badge>
          </DetailFact>
          <DetailFact label="Account manager">{detail.account_manager_name ?? 'Unassigned'}</DetailFact>
          <DetailFact label="Workers">{detail.workers}</DetailFact>
          <DetailFact label="Jobs">{`${detail.jobs} (${detail.active_jobs} active)`}</DetailFact>
          <DetailFact label={monthlyRevenueTexts.label}>{formatCents(detail.monthly_revenue_cents)}</DetailFact>
          <DetailFact label="Members">{detail.members}</DetailFact>
          <DetailFact label="Unpaid invoices">{detail.outstanding_invoices}</DetailFact>
          <DetailFact label="Created">{format(new Date(detail.created_at), 'MMM d, yyyy')}</DetailFact>
        </dl>
      )}
    </DetailsDrawer>
  );
}
