import {
  BriefcaseBusinessIcon,
  CalendarClockIcon,
  ClockIcon,
  FileSearchIcon,
  MegaphoneIcon,
  PiggyBankIcon,
  SparklesIcon,
  UserStarIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'Dedicated, AI-trained virtual assistants for inbox, calendar, research, admin and marketing support. Up to 60% less than a local hire, in your time zone.',
  hero: {
    eyebrow: 'Virtual assistant services',
    description:
      'A dedicated assistant who learns how you work and takes the inbox, calendar, research and admin off your plate. Our assistants are trained on AI tools for drafting, summarizing and research, so an hour of their time gets far more done.',
    actions: [
      { label: 'Find Your Assistant', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '60%', label: 'Less than a local hire' },
    { value: '24/7', label: 'Coverage in any time zone' },
    { value: '98%', label: 'Client retention' },
    { value: '500+', label: 'Businesses supported' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'services',
      eyebrow: 'What your assistant does',
      title: 'Virtual assistant services',
      description: 'Full-time or part-time, one assistant or a small team, working in your tools during your hours.',
      columns: 2,
      cards: [
        {
          title: 'Executive Assistance',
          description: 'Someone who guards your time and makes sure nothing important slips.',
          icon: CalendarClockIcon,
          features: [
            'Inbox triage and reply drafting',
            'Calendar management and meeting scheduling',
            'Travel booking and itineraries',
            'Meeting notes, agendas and follow-ups',
          ],
          tags: { label: 'Tools', items: ['Google Workspace', 'Microsoft 365', 'Calendly', 'Zoom'] },
        },
        {
          title: 'Administrative Support',
          description: 'The recurring admin that keeps a business running, done on time every time.',
          icon: BriefcaseBusinessIcon,
          features: [
            'Document preparation and formatting',
            'Invoice and expense tracking',
            'Supplier and client correspondence',
            'File organization and record keeping',
          ],
          tags: { label: 'Tools', items: ['Google Drive', 'Dropbox', 'QuickBooks Online', 'DocuSign'] },
        },
        {
          title: 'Research & Reporting',
          description: 'Answers, comparisons and summaries you can act on, researched with AI and checked by a person.',
          icon: FileSearchIcon,
          features: [
            'Market and competitor research',
            'Prospect and supplier lists',
            'Weekly reports and dashboards',
            'Summaries of long documents and calls',
          ],
          tags: { label: 'Tools', items: ['ChatGPT', 'Perplexity', 'Notion', 'Excel'] },
        },
        {
          title: 'Marketing & Social Media Support',
          description: 'Steady help with the content and campaigns you never quite get to.',
          icon: MegaphoneIcon,
          features: [
            'Social media scheduling and replies',
            'Newsletter assembly and sending',
            'Blog formatting and publishing',
            'CRM updates and list management',
          ],
          tags: { label: 'Tools', items: ['Canva', 'Buffer', 'Mailchimp', 'HubSpot'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why busy leaders choose Tandem assistants',
      columns: 4,
      cards: [
        {
          title: 'Dedicated, not shared',
          description:
            'One assistant who knows your priorities, contacts and preferences, not a different person every day.',
          icon: UserStarIcon,
        },
        {
          title: 'AI-trained',
          description: 'Assistants use AI for drafting, research and summaries, so routine tasks take minutes.',
          icon: SparklesIcon,
        },
        {
          title: 'Up to 60% lower cost',
          description:
            'A skilled, university-educated assistant for far less than a local hire, with no benefits to administer.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Your hours',
          description:
            'Assistants work your business hours or overnight, whichever gets things done before you need them.',
          icon: ClockIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'who-we-support',
      eyebrow: 'Who we support',
      title: 'Assistants for every kind of busy',
      columns: 3,
      cards: [
        {
          title: 'Founders and executives',
          description: 'Calendar, inbox and board-meeting preparation so leaders can focus on decisions.',
        },
        {
          title: 'Real estate agents',
          description: 'Listing updates, showing schedules, lead follow-up and transaction paperwork.',
        },
        {
          title: 'Coaches and consultants',
          description: 'Client scheduling, invoicing, session notes and course administration.',
        },
        {
          title: 'E-commerce owners',
          description: 'Supplier emails, order exceptions, product uploads and review replies.',
        },
        {
          title: 'Medical and dental practices',
          description: 'Appointment reminders, insurance paperwork and patient correspondence.',
        },
        {
          title: 'Agencies and small teams',
          description: 'Project coordination, client reporting and the admin nobody has time for.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'Your assistant, in four steps',
      steps: [
        {
          title: 'Discovery Call',
          description: 'We learn how you work, what to hand over first and the hours you need covered.',
        },
        {
          title: 'Matching',
          description: 'You meet shortlisted assistants whose skills and experience fit your work, and choose.',
        },
        {
          title: 'Onboarding',
          description: 'Access, playbooks and a first-week task list set up, with your account manager on hand.',
        },
        {
          title: 'Ongoing Support',
          description: 'Regular check-ins, quality reviews and a backup assistant when yours is on leave.',
        },
      ],
    },
  ],
  closing: {
    title: 'Get ten hours back every week',
    description:
      'Tell us what is filling your days. We will match you with an assistant who can take it on, usually within a week.',
    actions: [
      { label: 'Find Your Assistant', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
