import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { DetailFact, DetailsDrawer } from '~/client/components/details-drawer';
import { Badge } from '~/client/components/ui/badge';
import { relativeDateLabel } from '~/client/lib/relative-date';
import {
  type AdminCompany,
  type AdminCompanyDetail,
  adminCompanyTexts,
  companyStatusLabels,
} from '~/shared/admin-companies';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { companyRoleLabels } from '~/shared/teams';
import { adminCompanyDetailQueryOptions } from './api';
import { CompanyBillingSection } from './company-billing-section';

// The company's members, each with their role and when they last used Tandem.
function CompanyTeam({ team, total }: { team: AdminCompanyDetail['team']; total: number }) {
  return (
    <section aria-labelledby="company-team-title" className="mt-6 grid gap-3">
      <h3 id="company-team-title" className="text-sm font-semibold">
        Members <span className="font-normal text-muted-foreground">({total})</span>
      </h3>
      {team.length === 0 ? (
        <p className="text-sm text-muted-foreground">No members: nobody can sign in for this company.</p>
      ) : (
        <ul className="grid gap-2">
          {team.map((member) => (
            <li key={member.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-medium break-words">{member.name}</span>
                <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>
                  {companyRoleLabels[member.role]}
                </Badge>
              </div>
              <span className="text-muted-foreground [overflow-wrap:anywhere]">{member.email}</span>
              <span className="text-xs text-muted-foreground">
                {member.last_active_at
                  ? `Last active ${relativeDateLabel(member.last_active_at).toLowerCase()}`
                  : 'Never signed in'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > team.length && <p className="text-sm text-muted-foreground">and {total - team.length} more</p>}
    </section>
  );
}

// View Details of a company's row (docs/spec/admin-billing-and-content.md §2 item 2): contact email, workers,
// jobs, monthly revenue, account manager, created; its members, and its billing details with the tax rate and
// payment terms (decision 044).
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
          <DetailFact label={monthlyRevenueTexts.label}>
            {formatCents(detail.monthly_revenue_cents, detail.currency)}
          </DetailFact>
          <DetailFact label="Unpaid invoices">{detail.outstanding_invoices}</DetailFact>
          <DetailFact label="Created">{format(new Date(detail.created_at), 'MMM d, yyyy')}</DetailFact>
        </dl>
      )}
      {detail && <CompanyTeam team={detail.team} total={detail.members} />}
      {detail && <CompanyBillingSection key={detail.id} companyId={detail.id} />}
    </DetailsDrawer>
  );
}
