import {
  BotIcon,
  BrainCircuitIcon,
  CloudIcon,
  DatabaseIcon,
  GaugeIcon,
  GlobeIcon,
  MonitorIcon,
  PiggyBankIcon,
  ServerIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  UsersIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'Dedicated web, mobile and backend developers plus AI integration specialists. 500+ projects delivered, 40% faster to market, 99% client satisfaction.',
  hero: {
    eyebrow: 'Software engineering teams',
    description:
      'Senior-reviewed developers in the Philippines who build and maintain your web apps, mobile apps, APIs and AI automations. They join your sprints, work in your repositories and use AI coding assistants responsibly to ship faster without cutting corners on tests or security.',
    actions: [
      { label: 'Start Your Project', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '500+', label: 'Projects delivered' },
    { value: '40%', label: 'Faster time to market' },
    { value: '99%', label: 'Client satisfaction' },
    { value: '24/7', label: 'Development and support' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'services',
      eyebrow: 'What we build',
      title: 'Development services',
      description:
        'A single developer for your backlog or a full squad with a tech lead and QA, working to your standards.',
      columns: 2,
      cards: [
        {
          title: 'Web Development',
          description:
            'Fast, accessible web applications, customer portals and marketing sites that are easy to maintain.',
          icon: GlobeIcon,
          features: [
            'Single-page and server-rendered applications',
            'Customer portals and internal dashboards',
            'Performance and accessibility audits',
            'Headless CMS and e-commerce builds',
          ],
          tags: { label: 'Tech stack', items: ['React', 'Next.js', 'TypeScript', 'Vue', 'Tailwind CSS'] },
        },
        {
          title: 'Mobile App Development',
          description: 'Native and cross-platform apps for iOS and Android, from first release to ongoing updates.',
          icon: SmartphoneIcon,
          features: [
            'Cross-platform apps from one codebase',
            'Native modules where performance matters',
            'Offline sync and push notifications',
            'App Store and Google Play releases',
          ],
          tags: { label: 'Tech stack', items: ['React Native', 'Flutter', 'Swift', 'Kotlin', 'Expo'] },
        },
        {
          title: 'Backend & API Development',
          description: 'Reliable services, integrations and data pipelines that your products and partners depend on.',
          icon: ServerIcon,
          features: [
            'REST and GraphQL APIs with documentation',
            'Integrations with CRMs, ERPs and payment providers',
            'Database design, migrations and tuning',
            'Monitoring, logging and on-call support',
          ],
          tags: { label: 'Tech stack', items: ['Node.js', 'Python', 'PHP', 'PostgreSQL', 'Docker'] },
        },
        {
          title: 'AI Integration & Automation',
          description:
            'Language models and automation built into your products and workflows, with evaluation and guardrails.',
          icon: BotIcon,
          features: [
            'Chat assistants grounded in your documents',
            'Document extraction and classification',
            'Workflow automation across your tools',
            'Evaluation, monitoring and cost controls',
          ],
          tags: { label: 'Tech stack', items: ['OpenAI API', 'Anthropic API', 'LangChain', 'n8n', 'Zapier'] },
        },
      ],
    },
    {
      kind: 'tagGroups',
      id: 'technology',
      eyebrow: 'Technology stack',
      title: 'Technologies our developers work in',
      description: 'We match developers to your stack rather than moving you to ours.',
      groups: [
        {
          label: 'Frontend',
          icon: MonitorIcon,
          items: ['React', 'Next.js', 'Vue', 'Angular', 'TypeScript', 'Tailwind CSS'],
        },
        { label: 'Backend', icon: ServerIcon, items: ['Node.js', 'Python', 'Django', 'Laravel', '.NET', 'Go'] },
        { label: 'Mobile', icon: SmartphoneIcon, items: ['React Native', 'Flutter', 'Swift', 'Kotlin', 'Expo'] },
        { label: 'Database', icon: DatabaseIcon, items: ['PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch'] },
        { label: 'Cloud', icon: CloudIcon, items: ['AWS', 'Google Cloud', 'Azure', 'Vercel', 'Docker', 'Kubernetes'] },
        {
          label: 'AI/ML',
          icon: BrainCircuitIcon,
          items: ['OpenAI API', 'Anthropic API', 'LangChain', 'Hugging Face', 'PyTorch', 'Vector databases'],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why product teams build with Tandem',
      columns: 4,
      cards: [
        {
          title: 'Up to 60% lower cost',
          description:
            'Experienced engineers at a fraction of local salaries, with no recruiting fees, equipment or benefits administration.',
          icon: PiggyBankIcon,
        },
        {
          title: '40% faster delivery',
          description:
            'AI-assisted coding, review checklists and overlapping time zones keep work moving while your local team sleeps.',
          icon: GaugeIcon,
        },
        {
          title: 'Quality you can see',
          description:
            'Code review by a senior engineer, automated tests in CI and security basics on every pull request.',
          icon: ShieldCheckIcon,
        },
        {
          title: 'A team that stays',
          description: 'Dedicated developers who learn your codebase and domain, not a rotating cast of freelancers.',
          icon: UsersIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'project-types',
      eyebrow: 'Project types',
      title: 'What clients bring us',
      columns: 3,
      cards: [
        {
          title: 'MVPs for new products',
          description: 'A focused first release in weeks, built to be extended rather than rewritten.',
        },
        {
          title: 'SaaS platforms',
          description: 'Multi-tenant applications with billing, roles, audit trails and admin tools.',
        },
        {
          title: 'E-commerce builds',
          description: 'Custom storefronts, checkout flows and integrations with inventory and fulfillment.',
        },
        {
          title: 'Legacy modernization',
          description: 'Gradual migration of ageing systems to maintainable code without a risky big-bang rewrite.',
        },
        {
          title: 'Internal tools',
          description: 'Dashboards, approval flows and admin panels that replace spreadsheets and manual steps.',
        },
        {
          title: 'AI-powered features',
          description: 'Assistants, search and document processing added to products your customers already use.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'How we deliver',
      steps: [
        {
          title: 'Discovery & Planning',
          description:
            'We clarify goals, users and constraints, then agree scope, milestones and how progress will be reported.',
        },
        {
          title: 'Design & Architecture',
          description:
            'Wireframes, data models and a technical plan reviewed with you before a line of production code is written.',
        },
        {
          title: 'Development & Testing',
          description:
            'Two-week sprints with demos, code review and automated tests, so you see working software early.',
        },
        {
          title: 'Deployment & Support',
          description:
            'Automated releases, monitoring and a support rota that keeps your product healthy after launch.',
        },
      ],
    },
  ],
  closing: {
    title: 'Have a product to build or a backlog to clear?',
    description:
      'Tell us about your project and stack. We will propose a team, a timeline and a budget within 24 hours of your call.',
    actions: [
      { label: 'Start Your Project', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
