import { use } from 'react';
import { PageMeta } from '~/client/components/page-meta';
import { loadServicePage } from '~/client/content/services/load-service-page';
import { type ServicePageId, servicePageIds } from '~/client/content/services/service-content';
import type { PageProps } from '~/client/routes';
import { type PageId, paths } from '~/shared/routes';
import { CtaBanner, PageHero } from './components/site-layout';
import { ServiceSections } from './service-sections';

// Any of the 11 service pages, rendered from its content (src/client/content/services/).
export default function ServicePage({ pageId }: PageProps) {
  const serviceId = servicePageIdOf(pageId);
  const content = use(loadServicePage(serviceId));
  return (
    <>
      <PageMeta
        title={paths[serviceId].title}
        description={content.metaDescription}
        path={paths[serviceId].getHref()}
      />
      <PageHero
        eyebrow={content.hero.eyebrow}
        title={paths[serviceId].title}
        description={content.hero.description}
        actions={content.hero.actions}
        stats={content.stats}
      />
      <ServiceSections sections={content.sections} />
      <CtaBanner {...content.closing} />
    </>
  );
}

// /services/e-commerce-support is an alias: the same page, whose canonical address is /services/ecommerce-support.
function servicePageIdOf(pageId: PageId): ServicePageId {
  if (pageId === 'ecommerceSupportAlias') return 'ecommerceSupport';
  const serviceId = servicePageIds.find((id) => id === pageId);
  if (!serviceId) throw new Error(`${pageId} is not a service page.`);
  return serviceId;
}
