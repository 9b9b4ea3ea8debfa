import {
  ChartColumnIcon,
  ClipboardListIcon,
  GaugeIcon,
  LayersIcon,
  NetworkIcon,
  PiggyBankIcon,
  UserStarIcon,
  WorkflowIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'Outsourced business operations: process documentation, reporting, project and vendor coordination, and back-office admin. Up to 60% lower operating costs.',
  hero: {
    eyebrow: 'Operations support',
    description:
      'An operations team that documents your processes, runs the recurring back-office work, keeps projects and vendors on schedule and turns your data into reports leaders read. AI automates the repetitive steps; trained operations specialists own the outcome.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '60%', label: 'Lower operating costs' },
    { value: '40%', label: 'Faster process cycle times' },
    { value: '99.8%', label: 'Data accuracy' },
    { value: '50+', label: 'Industries served' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Operations work we run for you',
      description: 'We fit into your existing tools and approval chains and take ownership of agreed outcomes.',
      columns: 2,
      cards: [
        {
          title: 'Process Management & Documentation',
          description: 'Your know-how written down, so work is done the same way every time, by anyone.',
          icon: WorkflowIcon,
          features: [
            'Process mapping and bottleneck analysis',
            'Standard operating procedures and checklists',
            'Automation of repetitive steps',
            'Quarterly process reviews',
          ],
          tags: { label: 'Tools', items: ['Notion', 'Confluence', 'Lucidchart', 'Zapier', 'Make'] },
        },
        {
          title: 'Reporting & Business Intelligence',
          description: 'Reliable weekly and monthly numbers, delivered before the meeting that needs them.',
          icon: ChartColumnIcon,
          features: [
            'KPI dashboards and scorecards',
            'Data collection from every system',
            'Weekly operations reports',
            'Ad-hoc analysis for leadership',
          ],
          tags: { label: 'Tools', items: ['Looker Studio', 'Power BI', 'Excel', 'Google Sheets'] },
        },
        {
          title: 'Project & Vendor Coordination',
          description: 'Deadlines tracked, suppliers chased and everyone working from the same plan.',
          icon: NetworkIcon,
          features: [
            'Project plans, status updates and risk logs',
            'Vendor onboarding and performance tracking',
            'Purchase orders and contract renewals',
            'Meeting coordination and minutes',
          ],
          tags: { label: 'Tools', items: ['Asana', 'Monday.com', 'Jira', 'ClickUp'] },
        },
        {
          title: 'Back-Office Administration',
          description: 'The essential admin between your teams, handled accurately and on schedule.',
          icon: ClipboardListIcon,
          features: [
            'Order, billing and account administration',
            'Scheduling and dispatch support',
            'Compliance records and license renewals',
            'Internal help desk and requests',
          ],
          tags: { label: 'Tools', items: ['Salesforce', 'NetSuite', 'ServiceNow', 'Google Workspace'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why operations leaders choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'Up to 60% lower cost',
          description: 'Skilled operations staff for a fraction of local costs, without adding to your headcount.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Faster cycle times',
          description: 'Documented processes and automation cut cycle times by 40% on average.',
          icon: GaugeIcon,
        },
        {
          title: 'Scale without chaos',
          description: 'Add trained people as volumes grow; the playbooks mean quality does not drop.',
          icon: LayersIcon,
        },
        {
          title: 'One accountable partner',
          description: 'A dedicated account manager who owns the service levels and reports on them every month.',
          icon: UserStarIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries',
      title: 'Operations teams across industries',
      columns: 3,
      cards: [
        {
          title: 'Logistics & Supply Chain',
          description: 'Shipment tracking, carrier coordination, proof-of-delivery and exception handling.',
        },
        {
          title: 'Healthcare',
          description: 'Scheduling, referrals, credentialing paperwork and practice administration.',
        },
        {
          title: 'SaaS & Technology',
          description: 'Customer onboarding operations, billing administration and internal reporting.',
        },
        {
          title: 'Real Estate & Property',
          description: 'Lease administration, maintenance coordination and tenant communications.',
        },
        {
          title: 'Professional Services',
          description: 'Project administration, time and billing checks and client reporting.',
        },
        {
          title: 'Construction & Field Services',
          description: 'Job scheduling, permit tracking, subcontractor documents and dispatch.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'How we take over operations work',
      steps: [
        {
          title: 'Operations Review',
          description: 'We map the workflows you want to hand over, with volumes, systems and pain points.',
        },
        {
          title: 'Document & Design',
          description: 'Procedures written, service levels agreed and automation opportunities identified.',
        },
        {
          title: 'Transition',
          description: 'Your team is trained and takes over work in stages, with your people reviewing early output.',
        },
        {
          title: 'Continuous Improvement',
          description: 'Monthly reports against service levels and a standing list of improvements to make next.',
        },
      ],
    },
  ],
  closing: {
    title: 'Run a leaner, calmer operation',
    description:
      'Book a free operations assessment. We will identify the processes you can hand over first and what each will save you.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
