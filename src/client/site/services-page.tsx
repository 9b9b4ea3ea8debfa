import { PageMeta } from '~/client/components/page-meta';
import { servicesOverview } from '~/client/content/services/overview';
import { paths } from '~/shared/routes';
import { CtaBanner, PageHero } from './components/site-layout';
import { ServiceSections } from './service-sections';

// /services: every service Tandem offers, why clients choose Tandem and how an engagement starts.
export default function ServicesPage() {
  const { metaDescription, hero, stats, sections, closing } = servicesOverview;
  return (
    <>
      <PageMeta title={paths.services.title} description={metaDescription} path={paths.services.getHref()} />
      <PageHero
        eyebrow={hero.eyebrow}
        title={paths.services.title}
        description={hero.description}
        actions={hero.actions}
        stats={stats}
      />
      <ServiceSections sections={sections} />
      <CtaBanner {...closing} />
    </>
  );
}
