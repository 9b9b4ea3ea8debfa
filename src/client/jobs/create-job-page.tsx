import { PortalPage } from '~/client/components/portal-page';
import type { PageProps } from '~/client/routes';
import type { BillingCurrency } from '~/shared/currencies';
import { paths } from '~/shared/routes';
import { JobForm } from './job-form';

// /company/create-job: a new job post, published at once or kept as a draft (docs/spec/portal-and-public-site.md §2).
export default function CreateJobPage({ pageId, currency }: PageProps & { currency: BillingCurrency }) {
  const { title } = paths[pageId];
  return (
    <PortalPage
      title={title}
      description="Describe the role, set the budget and choose what applicants must show. Publish it now or save a draft."
    >
      <JobForm currency={currency} />
    </PortalPage>
  );
}
