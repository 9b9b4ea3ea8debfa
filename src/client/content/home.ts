import { paths } from '~/shared/routes';

// The home page's copy (docs/spec/portal-and-public-site.md §2 "Public home page"). Kept apart from the other
// content files so the home page, which has a 100 KB JavaScript budget, ships only what it shows.

interface HomeService {
  title: string;
  description: string;
  features: string[];
  href: string;
}

interface HomeBenefit {
  title: string;
  description: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  position: string;
  company: string;
}

export const homeHero = {
  eyebrow: 'Trusted by 500+ businesses',
  headline: 'AI-trained remote teams that work like an extension of yours',
  description:
    'Tandem builds dedicated customer service, back-office and finance teams in the Philippines, trained on the AI tools your business already runs on.',
  bullets: [
    'Save up to 60% on staffing costs without cutting corners',
    '24/7 coverage across every time zone you sell in',
    'Free consultation and a team plan within days',
    'No long-term commitments: scale up or down month to month',
  ],
} as const;

export const homeServices: HomeService[] = [
  {
    title: 'Customer Service',
    description:
      'Email, chat and phone support agents who learn your products, follow your tone of voice and keep queues moving around the clock.',
    features: ['Omnichannel ticket handling', 'AI-drafted replies reviewed by people', 'Weekly CSAT reporting'],
    href: paths.customerService.getHref(),
  },
  {
    title: 'Data Entry & Processing',
    description:
      'Orders, invoices, CRM records and product catalogues processed quickly and double-checked to 99.8% accuracy.',
    features: ['Document and form capture', 'CRM and catalogue clean-up', 'Two-step quality checks'],
    href: paths.dataEntry.getHref(),
  },
  {
    title: 'Virtual Assistants',
    description:
      'Executive and operations assistants who own calendars, inboxes, research and follow-ups so your leaders can focus.',
    features: ['Inbox and calendar management', 'Research and travel planning', 'Meeting notes and action items'],
    href: paths.virtualAssistants.getHref(),
  },
  {
    title: 'Finance & Accounting',
    description:
      'Bookkeepers and accounts specialists who close your books on time, chase receivables and keep payables under control.',
    features: ['Accounts payable and receivable', 'Monthly reconciliations', 'Management reporting'],
    href: paths.financeAccounting.getHref(),
  },
];

export const homeBenefits: HomeBenefit[] = [
  {
    title: 'AI Prompts Trained',
    description:
      'Every team member works from a prompt library built for your business, so AI drafts arrive on brand and on policy.',
  },
  {
    title: 'AI Tools Training',
    description:
      'Hands-on training in ChatGPT, Copilot and the AI features of your help desk, CRM and accounting software.',
  },
  {
    title: 'Fully Certified and Tested',
    description:
      'Skills assessments, English proficiency checks and role certifications are passed before anyone joins your team.',
  },
  {
    title: 'In House Dedicated Support',
    description:
      'A dedicated account manager and in-house team leads supervise quality, coaching and coverage every day.',
  },
];

export const homeTestimonials: Testimonial[] = [
  {
    quote:
      'Our Tandem agents took over overnight and weekend support within three weeks. First-response times dropped by 40% and our customers noticed before we told them.',
    author: 'Rachel Moreno',
    position: 'Head of Customer Experience',
    company: 'Northwind Home Goods',
  },
  {
    quote:
      'We were drowning in supplier invoices. The data team processes twice the volume we managed in-house, and we have not found a keying error in months.',
    author: 'David Okafor',
    position: 'Operations Director',
    company: 'Harbor Freight Partners',
  },
  {
    quote:
      'My assistant runs my calendar, prepares board packs and chases every open loop. I have four hours a week back, and she uses AI tools better than most of my team.',
    author: 'Emily Chen',
    position: 'Founder & CEO',
    company: 'Lumen Analytics',
  },
  {
    quote:
      'Month-end close went from twelve days to five. Our Tandem bookkeepers reconcile daily and flag issues before they become surprises.',
    author: 'Marcus Feld',
    position: 'Chief Financial Officer',
    company: 'Crestview Dental Group',
  },
];

export const homeContactPoints = [
  'Free consultation with a solutions specialist',
  'No long-term commitments or setup fees',
  'A reply from our team within 24 hours',
] as const;
