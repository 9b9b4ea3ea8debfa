import {
  BriefcaseBusinessIcon,
  CalculatorIcon,
  ClockIcon,
  CodeXmlIcon,
  HeadsetIcon,
  KeyboardIcon,
  MegaphoneIcon,
  PaletteIcon,
  PiggyBankIcon,
  SparklesIcon,
  TargetIcon,
  UserRoundCheckIcon,
  UserStarIcon,
  UsersIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

// The /services overview: the catalog of service cards, why Tandem, and how an engagement starts.
export const servicesOverview: ServicePageContent = {
  metaDescription:
    'AI-trained remote teams for customer service, data entry, virtual assistance, finance, development, marketing and more. Save up to 60% with 24/7 coverage.',
  hero: {
    eyebrow: 'AI-trained remote teams',
    description:
      'Hand your support queues, back-office processing and specialist projects to dedicated professionals in the Philippines who are trained on the AI tools your work depends on. You keep control of quality and priorities; we recruit, train, manage and scale the team.',
    actions: [
      { label: 'Get a Free Consultation', href: paths.contact.getHref() },
      { label: 'See Case Studies', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '500+', label: 'Businesses served' },
    { value: '60%', label: 'Lower operating costs' },
    { value: '24/7', label: 'Coverage across time zones' },
    { value: '50+', label: 'Industries served' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'core-services',
      eyebrow: 'Core services',
      title: 'The teams most clients start with',
      description:
        'High-volume, repeatable work where a trained team and the right AI tools make the biggest difference to cost and speed.',
      columns: 4,
      cards: [
        {
          title: paths.customerService.title,
          description: 'Round-the-clock support by chat, email, phone and social, with AI drafting and triage.',
          icon: HeadsetIcon,
          badge: 'Popular',
          features: [
            '24/7 multichannel coverage',
            'AI-assisted ticket triage',
            'Escalations to your team',
            'CSAT tracking',
          ],
          href: paths.customerService.getHref(),
        },
        {
          title: paths.dataEntry.title,
          description: 'Accurate capture, cleansing and migration of records, invoices, forms and catalogs.',
          icon: KeyboardIcon,
          features: ['99.8% accuracy target', 'OCR with human review', 'CRM and ERP updates', 'Data cleansing'],
          href: paths.dataEntry.getHref(),
        },
        {
          title: paths.virtualAssistants.title,
          description: 'Dedicated assistants who run inboxes, calendars, research and the admin behind your week.',
          icon: UserRoundCheckIcon,
          features: [
            'Inbox and calendar control',
            'Travel and meeting prep',
            'Research and reports',
            'Your hours, your tools',
          ],
          href: paths.virtualAssistants.getHref(),
        },
        {
          title: paths.financeAccounting.title,
          description: 'Payables, receivables, bookkeeping and reporting handled by trained finance professionals.',
          icon: CalculatorIcon,
          features: [
            'Accounts payable and receivable',
            'Monthly reconciliations',
            'Month-end close support',
            'Management reporting',
          ],
          href: paths.financeAccounting.getHref(),
        },
      ],
    },
    {
      kind: 'cards',
      id: 'more-services',
      eyebrow: 'Specialist services',
      title: 'Specialists when your plans need more hands',
      description:
        'Developers, designers, marketers, recruiters and operations staff who join your team and work in your tools and rituals.',
      columns: 3,
      cards: [
        {
          title: paths.codeDevelopment.title,
          description: 'Web, mobile and backend engineers, plus AI integrations that automate your workflows.',
          icon: CodeXmlIcon,
          features: ['Web and mobile apps', 'APIs and integrations', 'AI features and automation'],
          href: paths.codeDevelopment.getHref(),
        },
        {
          title: paths.designGraphics.title,
          description: 'Interface, brand, video and illustration work delivered to your brand guidelines.',
          icon: PaletteIcon,
          features: ['UI/UX and prototypes', 'Brand identity and assets', 'Video and motion graphics'],
          href: paths.designGraphics.getHref(),
        },
        {
          title: paths.digitalMarketing.title,
          description: 'Search, paid media, social and conversion work measured against revenue, not vanity metrics.',
          icon: MegaphoneIcon,
          features: ['SEO and content', 'PPC and paid social', 'Analytics and CRO'],
          href: paths.digitalMarketing.getHref(),
        },
        {
          title: paths.humanResources.title,
          description: 'Recruitment, HR administration and employee support that keeps your people processes moving.',
          icon: UsersIcon,
          features: ['Recruitment and screening', 'Onboarding and records', 'Payroll and compliance support'],
          href: paths.humanResources.getHref(),
        },
        {
          title: paths.leadGeneration.title,
          description: 'Prospect research, outbound calling and email sequences that fill your pipeline with meetings.',
          icon: TargetIcon,
          features: ['B2B prospect lists', 'Appointment setting', 'Email outreach and follow-up'],
          href: paths.leadGeneration.getHref(),
        },
        {
          title: paths.businessOperations.title,
          description: 'Process documentation, reporting, vendor coordination and the operational work between teams.',
          icon: BriefcaseBusinessIcon,
          features: ['Process mapping and SOPs', 'Reporting and dashboards', 'Vendor and project coordination'],
          href: paths.businessOperations.getHref(),
        },
      ],
    },
    {
      kind: 'cards',
      id: 'why-tandem',
      eyebrow: 'The Tandem difference',
      title: 'Why Choose Tandem',
      description: 'What changes when your remote team is trained, managed and measured by us.',
      columns: 4,
      cards: [
        {
          title: 'AI-trained professionals',
          description:
            'Every team member is trained on prompting and on the AI tools of their role before they start, so routine work takes minutes, not hours.',
          icon: SparklesIcon,
        },
        {
          title: 'Up to 60% cost savings',
          description:
            'Experienced professionals in the Philippines at a fraction of local hiring costs, with no recruitment fees, office space or equipment to fund.',
          icon: PiggyBankIcon,
        },
        {
          title: '24/7 coverage',
          description:
            'Shifts arranged around your customers and your time zone, so queues are worked overnight and at weekends.',
          icon: ClockIcon,
        },
        {
          title: 'A dedicated account manager',
          description:
            'One person who knows your business, reviews quality every week and scales the team up or down when your volumes change.',
          icon: UserStarIcon,
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'How we start',
      title: 'From first call to a working team',
      description: 'Most teams are handling live work within two to four weeks of the first conversation.',
      steps: [
        {
          title: 'Consultation',
          description:
            'We learn your workflows, volumes, tools and quality bar, then propose a team size, schedule and budget.',
        },
        {
          title: 'Implementation',
          description:
            'We recruit and train your team on your processes and AI tooling, then go live with a supervised ramp-up.',
        },
        {
          title: 'Optimization',
          description:
            'Your account manager reports on agreed metrics, refines the playbooks and adjusts the team as you grow.',
        },
      ],
    },
  ],
  closing: {
    title: 'Not sure which service fits?',
    description:
      'Tell us what is slowing your team down. We reply within 24 hours with a recommendation, a team outline and a cost estimate, with no long-term commitment.',
    actions: [
      { label: 'Book a Free Consultation', href: paths.contact.getHref() },
      { label: 'See How It Works', href: paths.howItWorks.getHref(), variant: 'secondary' },
    ],
  },
};
