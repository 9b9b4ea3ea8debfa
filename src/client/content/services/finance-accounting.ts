import {
  BookOpenCheckIcon,
  ChartColumnIcon,
  FileInputIcon,
  FileOutputIcon,
  GaugeIcon,
  LayersIcon,
  PiggyBankIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'Outsourced accounts payable, receivables, bookkeeping and financial reporting by AI-trained finance teams: 60% lower cost, 5x faster, 99.8% accuracy.',
  hero: {
    eyebrow: 'AI-powered finance operations',
    description:
      'Trained finance professionals in the Philippines take over payables, receivables, bookkeeping and reporting, using AI to capture and match documents while every entry is reviewed by a person. Your books close on time, every month, at a fraction of the cost of growing an in-house team.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '60%', label: 'Cost reduction' },
    { value: '5x', label: 'Faster processing' },
    { value: '99.8%', label: 'Accuracy' },
    { value: '24/7', label: 'Processing coverage' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Finance work we take off your desk',
      description:
        'Start with one process or hand over the whole cycle. Your team works inside your accounting system, under your approval rules.',
      columns: 2,
      cards: [
        {
          title: 'Accounts Payable',
          description:
            'Supplier invoices captured, coded and matched the day they arrive, so payment runs are ready for your approval.',
          icon: FileInputIcon,
          features: [
            'Invoice capture with AI extraction and human review',
            'Two- and three-way matching against purchase orders',
            'Vendor onboarding and master data upkeep',
            'Payment run preparation for your approval',
            'Vendor statement reconciliation and query handling',
          ],
          tags: { label: 'Works in', items: ['QuickBooks Online', 'Xero', 'NetSuite', 'Bill.com'] },
        },
        {
          title: 'Accounts Receivable',
          description:
            'Invoices out on time, cash applied the same day and overdue balances followed up politely and firmly.',
          icon: FileOutputIcon,
          features: [
            'Customer invoicing and recurring billing runs',
            'Cash application and remittance matching',
            'Payment reminders and collections follow-up',
            'Credit notes, disputes and account queries',
            'Aged receivables reporting every week',
          ],
          tags: { label: 'Works in', items: ['QuickBooks Online', 'Xero', 'Stripe', 'Chargebee'] },
        },
        {
          title: 'Bookkeeping & Record Management',
          description:
            'Clean, reconciled books and an organized document trail that your accountant and auditors can rely on.',
          icon: BookOpenCheckIcon,
          features: [
            'Daily transaction categorization',
            'Bank and credit card reconciliations',
            'Journal entries, accruals and prepayments',
            'Month-end close checklists',
            'Audit-ready filing of receipts and contracts',
          ],
          tags: { label: 'Works in', items: ['QuickBooks Online', 'Xero', 'Sage', 'Dext'] },
        },
        {
          title: 'Financial Analysis & Reporting',
          description:
            'The numbers you need to run the business, delivered on a fixed calendar with the story behind them.',
          icon: ChartColumnIcon,
          features: [
            'Monthly management accounts',
            'Budget versus actual variance analysis',
            'Thirteen-week cash flow forecasts',
            'KPI dashboards for leadership',
            'Board and investor pack preparation',
          ],
          tags: { label: 'Works in', items: ['Excel', 'Google Sheets', 'Power BI', 'Fathom'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why finance leaders outsource to Tandem',
      columns: 4,
      cards: [
        {
          title: 'Lower cost per transaction',
          description:
            'Qualified finance staff at up to 60% less than a local hire, with no recruitment, software seats or office costs on your side.',
          icon: PiggyBankIcon,
        },
        {
          title: 'A faster close',
          description:
            'AI extraction and matching remove the keying, so invoices are processed up to 5x faster and month-end closes days sooner.',
          icon: GaugeIcon,
        },
        {
          title: 'Controls you can audit',
          description:
            'Segregated duties, maker-checker review and a documented trail for every entry keep accuracy at 99.8% and auditors satisfied.',
          icon: ShieldCheckIcon,
        },
        {
          title: 'Capacity for peaks',
          description:
            'Year-end, audits and seasonal volumes are absorbed by adding trained people for weeks, not by hiring permanent staff.',
          icon: LayersIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries',
      title: 'Finance teams for your industry',
      description:
        'Our accountants are trained on the transaction types, revenue models and regulations of your sector.',
      columns: 3,
      cards: [
        {
          title: 'E-commerce & Retail',
          description: 'Marketplace payouts, payment processor fees, inventory costing and sales tax across channels.',
        },
        {
          title: 'SaaS & Technology',
          description: 'Subscription billing, deferred revenue schedules, churn reporting and investor metrics.',
        },
        {
          title: 'Professional Services',
          description: 'Time-based billing, work-in-progress tracking, retainers and project profitability.',
        },
        {
          title: 'Healthcare',
          description: 'Practice billing reconciliations, supplier payables and confidential records handling.',
        },
        {
          title: 'Real Estate',
          description: 'Rent rolls, tenant receivables, property-level books and owner statements.',
        },
        {
          title: 'Logistics & Distribution',
          description: 'Carrier invoices, freight accruals, fuel surcharges and high-volume supplier payments.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'implementation',
      eyebrow: 'Implementation',
      title: 'A controlled handover in four steps',
      description: 'Nothing moves until you have signed off on how it will be done and who may approve what.',
      steps: [
        {
          title: 'Finance Assessment',
          description:
            'We map your processes, systems, volumes and approval rules, and agree the service levels we will be measured on.',
        },
        {
          title: 'Secure Setup',
          description:
            'Role-based access to your systems, documented procedures and a trained team assigned to your account.',
        },
        {
          title: 'Parallel Run',
          description:
            'Your team and ours process the same period side by side until the results match and you are confident.',
        },
        {
          title: 'Handover & Reporting',
          description:
            'We take full ownership of the agreed processes and report on accuracy, turnaround and open items every month.',
        },
      ],
    },
  ],
  closing: {
    title: 'Close your books faster next month',
    description:
      'Book a free assessment of your finance operations. We will show you which processes to hand over first and what you will save.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
