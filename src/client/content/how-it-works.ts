import {
  ChartColumnIcon,
  ClipboardCheckIcon,
  EyeIcon,
  FileTextIcon,
  HeadsetIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MessagesSquareIcon,
  SearchIcon,
  ShieldCheckIcon,
  TrendingUpIcon,
} from 'lucide-react';

// The six steps and four benefit cards of /how-it-works (docs/spec/admin-billing-and-content.md §3 "How It
// Works step", §9).

export interface HowItWorksStep {
  number: number;
  title: string;
  icon: LucideIcon;
  description: string;
  features: string[];
}

interface HowItWorksBenefit {
  title: string;
  icon: LucideIcon;
  description: string;
}

export const howItWorksSteps: HowItWorksStep[] = [
  {
    number: 1,
    title: 'Dashboard Overview',
    icon: LayoutDashboardIcon,
    description:
      'Sign in to your company dashboard and see your whole operation at a glance: open roles, candidates in your pipeline, your current team and your account manager.',
    features: [
      'Open jobs, pending interviews and assigned tests in one view',
      'Featured candidates matched to your roles',
      'Who is on shift now in your current team',
      'Direct line to your dedicated account manager',
    ],
  },
  {
    number: 2,
    title: 'Post and Manage Jobs',
    icon: FileTextIcon,
    description:
      'Describe the role once and publish it to our vetted talent pool. Pause, edit or close postings whenever your needs change.',
    features: [
      'Hourly or fixed-price engagements with clear budgets',
      'Required skills, certifications and working hours',
      'Save drafts and publish when you are ready',
      'Pause, resume, duplicate or close postings',
    ],
  },
  {
    number: 3,
    title: 'Search and Select Talent',
    icon: SearchIcon,
    description:
      'Search AI-trained professionals by skill, experience level, hourly rate and availability, and shortlist the people you want to meet.',
    features: [
      'Filters for skills, rate, experience and availability',
      'ID-verified and background-checked profiles',
      'Top Rated badges based on client feedback',
      'Shortlists you can share with your team',
    ],
  },
  {
    number: 4,
    title: 'Test and Assess Applicants',
    icon: ClipboardCheckIcon,
    description:
      'Attach a test to any job and see how applicants actually work before you interview them, with scores in the same place as their applications.',
    features: [
      'Coding, multiple-choice, written and practical tasks',
      'Time limits and passing scores you set',
      'AI-assisted grading of written answers',
      'Ready-made templates for common roles',
    ],
  },
  {
    number: 5,
    title: 'Communicate and Onboard',
    icon: MessagesSquareIcon,
    description:
      'Message candidates, schedule interviews and welcome your new hires, with your account manager preparing their first weeks alongside you.',
    features: [
      'Built-in messaging with candidates and team members',
      'Interview scheduling with calendar invitations',
      'Onboarding plan and client-specific AI prompt library',
      'Tool access and process handover checklists',
    ],
  },
  {
    number: 6,
    title: 'Manage and Monitor Performance',
    icon: TrendingUpIcon,
    description:
      'Track hours, quality and results as your team grows, review invoices in one place and scale up or down month to month.',
    features: [
      'Active hours and shift status for every team member',
      'Quality scores and monthly performance reviews',
      'Invoices and payments in your billing area',
      'Add or reduce headcount with no long-term commitments',
    ],
  },
];

export const howItWorksBenefits: HowItWorksBenefit[] = [
  {
    title: 'Dedicated Support',
    icon: HeadsetIcon,
    description:
      'A named account manager, available Mon-Fri, 9 AM - 6 PM PST, plus in-house team leads watching quality 24/7.',
  },
  {
    title: 'Transparent Process',
    icon: EyeIcon,
    description:
      'See every posting, applicant, test score, hour worked and invoice yourself. No black boxes, no hidden fees.',
  },
  {
    title: 'Advanced Analytics',
    icon: ChartColumnIcon,
    description:
      'Applicants per week, time-to-hire, offer acceptance and team performance charts help you decide with data.',
  },
  {
    title: 'Quality Assurance',
    icon: ShieldCheckIcon,
    description:
      'Every professional is tested and certified before joining, and reviewed every month while working with you.',
  },
];
