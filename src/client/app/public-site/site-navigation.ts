import { paths } from '~/shared/routes';

// The 11 service pages of the Services menu, in the spec's order.
export const serviceLinks = [
  paths.customerService,
  paths.dataEntry,
  paths.virtualAssistants,
  paths.businessOperations,
  paths.financeAccounting,
  paths.codeDevelopment,
  paths.designGraphics,
  paths.digitalMarketing,
  paths.humanResources,
  paths.leadGeneration,
  paths.ecommerceSupport,
].map((route) => ({ label: route.title, href: route.getHref() }));

export const primaryLinks = [
  { label: 'Find Jobs', href: paths.jobBoard.getHref() },
  { label: 'About Us', href: paths.aboutUs.getHref() },
  { label: 'Case Studies', href: paths.caseStudies.getHref() },
  { label: 'How It Works', href: paths.howItWorks.getHref() },
  { label: 'Contact Us', href: paths.contact.getHref() },
];

export const footerColumns = [
  {
    heading: 'Services',
    links: [{ label: 'All Services', href: paths.services.getHref() }, ...serviceLinks.slice(0, 5)],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About Us', href: paths.aboutUs.getHref() },
      { label: 'Our Team', href: paths.ourTeam.getHref() },
      { label: 'Careers', href: paths.careers.getHref() },
      { label: 'Find Jobs', href: paths.jobBoard.getHref() },
      { label: 'Case Studies', href: paths.caseStudies.getHref() },
      { label: 'Client Success Stories', href: paths.testimonials.getHref() },
      { label: 'How It Works', href: paths.howItWorks.getHref() },
      { label: 'Contact Us', href: paths.contact.getHref() },
    ],
  },
  {
    heading: 'Legal',
    links: [
      // The policies' canonical addresses (their aliases name these as canonical): a crawler following the
      // footer lands on the address search engines index.
      { label: 'Privacy Policy', href: paths.privacy.getHref() },
      { label: 'Terms of Service', href: paths.terms.getHref() },
      { label: 'Cookie Policy', href: paths.cookies.getHref() },
      { label: 'GDPR Compliance', href: paths.gdpr.getHref() },
    ],
  },
];
