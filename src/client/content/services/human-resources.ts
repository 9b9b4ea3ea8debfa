import {
  ClipboardCheckIcon,
  GaugeIcon,
  HeartHandshakeIcon,
  LockIcon,
  PiggyBankIcon,
  ScaleIcon,
  TrendingUpIcon,
  UserSearchIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'Outsourced recruitment, HR administration, performance management and employee support by AI-trained HR teams. Hire 70% faster, cut HR admin by 85%.',
  hero: {
    eyebrow: 'HR support that scales with you',
    description:
      'Trained HR professionals who source and screen candidates, keep employee records and compliance in order, run performance cycles and answer your people’s questions. AI handles the screening and paperwork; people handle the conversations.',
    actions: [
      { label: 'Get Free HR Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '70%', label: 'Faster time-to-hire' },
    { value: '85%', label: 'Less time spent on HR admin' },
    { value: '90%', label: 'Offer acceptance rate' },
    { value: '100%', label: 'Payroll and compliance deadlines met' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'services',
      eyebrow: 'What we handle',
      title: 'Human resources services',
      description: 'Support for a single HR manager or a complete people function for companies without one.',
      columns: 2,
      cards: [
        {
          title: 'Recruitment & Talent Acquisition',
          description: 'A steady flow of qualified, interested candidates and a hiring process they enjoy.',
          icon: UserSearchIcon,
          features: [
            'Job descriptions and multi-board posting',
            'AI-assisted résumé screening with human shortlists',
            'Phone screens and interview scheduling',
            'Reference checks and offer paperwork',
          ],
          tags: {
            label: 'Metrics we report',
            items: ['Time-to-hire', 'Cost per hire', 'Offer acceptance', 'Quality of hire'],
          },
        },
        {
          title: 'HR Administration & Compliance',
          description: 'Accurate records, on-time payroll inputs and the documentation an audit asks for.',
          icon: ClipboardCheckIcon,
          features: [
            'Employee records and HRIS upkeep',
            'Payroll preparation and leave tracking',
            'Contracts, letters and policy updates',
            'Compliance calendars and audit files',
          ],
          tags: {
            label: 'Metrics we report',
            items: ['Data accuracy', 'Payroll on time', 'Open audit items', 'Ticket turnaround'],
          },
        },
        {
          title: 'Performance Management',
          description: 'Review cycles that run on schedule and give managers something useful to act on.',
          icon: TrendingUpIcon,
          features: [
            'Goal-setting and review cycle administration',
            'Reminders and manager follow-up',
            '360-degree feedback collection',
            'Performance and engagement reporting',
          ],
          tags: { label: 'Metrics we report', items: ['Review completion', 'Goal progress', 'Engagement score'] },
        },
        {
          title: 'Employee Relations & Support',
          description: 'A friendly, confidential first point of contact for every employee question.',
          icon: HeartHandshakeIcon,
          features: [
            'HR help desk by email and chat',
            'Onboarding and offboarding checklists',
            'Benefits enrollment support',
            'Engagement surveys and exit interviews',
          ],
          tags: { label: 'Metrics we report', items: ['First response time', 'Employee satisfaction', 'Retention'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'processes',
      eyebrow: 'Optimized processes',
      title: 'HR processes we make faster',
      description: 'Improvements clients typically see within the first six months.',
      columns: 3,
      cards: [
        {
          title: 'Candidate screening',
          description: 'Applications scored against your criteria by AI, then checked by a recruiter.',
          badge: '75% faster',
          badgeTone: 'result',
        },
        {
          title: 'Interview scheduling',
          description: 'Candidates book slots directly in your managers’ calendars with automatic reminders.',
          badge: '80% less back-and-forth',
          badgeTone: 'result',
        },
        {
          title: 'Employee onboarding',
          description: 'Contracts, accounts, equipment and first-week plans ready before day one.',
          badge: '60% faster',
          badgeTone: 'result',
        },
        {
          title: 'Payroll preparation',
          description: 'Hours, leave and changes collected, checked and sent to payroll on schedule.',
          badge: '99.8% accuracy',
          badgeTone: 'result',
        },
        {
          title: 'Employee queries',
          description: 'Common questions answered from your policies; sensitive ones routed to the right person.',
          badge: '4-hour response',
          badgeTone: 'result',
        },
        {
          title: 'Compliance documentation',
          description: 'Required records kept complete, current and filed where an auditor expects them.',
          badge: '100% audit-ready',
          badgeTone: 'result',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why companies trust Tandem with HR',
      columns: 4,
      cards: [
        {
          title: 'Up to 60% lower cost',
          description: 'Experienced HR generalists and recruiters for a fraction of local salaries and agency fees.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Faster hiring',
          description: 'Roles filled in weeks instead of months, so teams are not left short-handed.',
          icon: GaugeIcon,
        },
        {
          title: 'Compliance peace of mind',
          description:
            'Deadlines tracked, documents current and processes written down for every jurisdiction you hire in.',
          icon: ScaleIcon,
        },
        {
          title: 'Confidential by design',
          description: 'Role-based access, signed confidentiality agreements and secure handling of personal data.',
          icon: LockIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries',
      title: 'Industries we support',
      columns: 3,
      cards: [
        {
          title: 'Technology & SaaS',
          description: 'High-volume technical hiring, equity paperwork and distributed-team policies.',
        },
        {
          title: 'Healthcare',
          description: 'Licence and credential tracking, shift staff onboarding and strict record keeping.',
        },
        {
          title: 'Retail & E-commerce',
          description: 'Seasonal hiring waves, store staff onboarding and high-turnover administration.',
        },
        {
          title: 'Professional Services',
          description: 'Graduate recruitment, performance cycles and utilization-linked reviews.',
        },
        {
          title: 'Logistics & Manufacturing',
          description: 'Shift-based workforces, safety training records and attendance tracking.',
        },
        {
          title: 'Hospitality',
          description: 'Fast hiring for frontline roles, scheduling support and multi-site records.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'implementation',
      eyebrow: 'Implementation',
      title: 'Getting started',
      steps: [
        {
          title: 'HR Assessment',
          description: 'We review your people processes, systems and policies and agree where we take over first.',
        },
        {
          title: 'Process Design',
          description: 'Workflows, templates and service levels written down and approved by you.',
        },
        {
          title: 'Team Onboarding',
          description: 'Your HR team is trained on your policies, tools and tone, with secure access set up.',
        },
        {
          title: 'Ongoing Optimization',
          description: 'Monthly metrics reviews with your account manager and improvements every quarter.',
        },
      ],
    },
  ],
  closing: {
    title: 'Give your managers their time back',
    description:
      'Book a free HR assessment. We will show you which people processes to hand over first and how quickly you will see the difference.',
    actions: [
      { label: 'Get Free HR Assessment', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
