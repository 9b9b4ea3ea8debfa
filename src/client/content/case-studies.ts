import { createContentLoader } from '~/client/lib/content-loader';
// The five client case studies of the public site (docs/spec/admin-billing-and-content.md §3 "Case study"): the
// list at /case-studies and one detail page each at /case-studies/{slug}. Client names are fictitious; the
// figures are the story.

// Named paragraphs; each camelCase key is shown as a heading ("customerExperience" → "Customer Experience").
export type NamedParagraphs = Record<string, string>;

export interface CaseStudyFullContent {
  background: string;
  challengeDetails: NamedParagraphs;
  solutionDetails: NamedParagraphs;
  detailedResults: NamedParagraphs;
  keyTakeaways?: string[];
}

export interface CaseStudy {
  id: number;
  title: string;
  company: string;
  industry: 'E-commerce' | 'Healthcare' | 'SaaS';
  challenge: string;
  solution: string;
  results: string[];
  timeline: string;
  teamSize: string;
  tags: string[];
  slug: string;
  // Without one, the list shows the first 150 characters of the challenge.
  excerpt?: string;
}

export const caseStudies: CaseStudy[] = [
  {
    id: 1,
    slug: 'ecommerce-customer-support-scale',
    title: 'Scaling E-commerce Customer Support Through Peak Season',
    company: 'Harbor & Pine Home Goods',
    industry: 'E-commerce',
    tags: ['Customer Service', 'E-commerce', '24/7 Support'],
    timeline: '3 months',
    teamSize: '25 agents',
    excerpt:
      'How a direct-to-consumer home goods brand cut first response times from 19 hours to 45 minutes while ticket volume tripled over the holidays.',
    challenge:
      'Harbor & Pine’s eight-person support team in Columbus, Ohio was built for 4,000 tickets a month. Ahead of its biggest holiday season, forecasts showed more than 12,000 a month, and customers were already waiting 19 hours for a first reply.',
    solution:
      'Tandem assembled a team of 25 AI-trained customer service agents in Manila and Cebu within six weeks, working three shifts for round-the-clock coverage across email, live chat and social media, with the in-house team moving into escalations and quality review.',
    results: [
      'First response time cut from 19 hours to 45 minutes',
      'Customer satisfaction (CSAT) up from 72% to 94%',
      '24/7 coverage across email, live chat and social media',
      '38,000 tickets resolved in November and December with no backlog',
      '58% lower cost per resolved ticket than the in-house model',
      'Repeat purchase rate up 18% year over year',
    ],
  },
  {
    id: 2,
    slug: 'healthcare-records-digitization',
    title: 'Digitizing 184,000 Patient Records Ahead of an EHR Migration',
    company: 'Northfield Family Medical Group',
    industry: 'Healthcare',
    tags: ['Data Entry', 'Healthcare', 'HIPAA Compliance'],
    timeline: '4 months',
    teamSize: '15 specialists',
    excerpt:
      'A network of 11 family clinics digitized 184,000 paper charts in 16 weeks at 99.8% accuracy, without a single privacy incident, before moving to a new EHR.',
    challenge:
      'Northfield’s 11 clinics held about 184,000 paper charts, over 1.2 million pages, that had to be indexed and entered into a new electronic health record system before a fixed go-live date, while clinic staff kept seeing 2,600 patients a week.',
    solution:
      'Tandem deployed 15 HIPAA-trained data entry specialists working in a secured virtual desktop environment, combining AI-assisted text recognition with double-key human verification and a daily quality sample reviewed by Northfield’s records supervisor.',
    results: [
      '184,000 charts digitized in 16 weeks, two weeks ahead of go-live',
      '99.8% field-level accuracy confirmed by independent audit',
      'Chart retrieval time cut from 12 minutes to under 30 seconds',
      '55% lower cost than the lowest domestic vendor quote',
      'Zero privacy or security incidents',
    ],
  },
  {
    id: 3,
    slug: 'saas-startup-growth',
    title: 'Supporting a SaaS Startup from Seed to Series B',
    company: 'Tallyway',
    industry: 'SaaS',
    tags: ['Virtual Assistants', 'SaaS', 'Scaling Teams'],
    timeline: '18 months',
    teamSize: '12 assistants',
    excerpt:
      'How a field-service invoicing startup grew from 140 to 610 customers with a remote team that scaled from 2 to 12 assistants as the founders built the product.',
    challenge:
      'Tallyway’s three founders were answering support tickets, onboarding customers, chasing invoices and researching prospects themselves. Growth was stalling because nobody had time to build the product, and hiring a full US operations team would have burned most of the seed round.',
    solution:
      'Tandem started with two virtual assistants for onboarding and support, then grew the team step by step to 12 assistants covering tier-1 support, customer onboarding, sales research, billing operations and executive assistance, all managed through one dedicated account manager.',
    results: [
      'Annual recurring revenue grew from $1.2M to $6.8M',
      'Customers grew from 140 to 610',
      'Customer onboarding time cut from 21 days to 6 days',
      'Founders reclaimed about 25 hours a week each',
      'About $1.1M saved compared with equivalent US hires',
    ],
  },
  {
    id: 4,
    slug: 'email-automation-cost-savings',
    title: 'Cutting Customer Email Costs by 75% with One AI-Trained Specialist',
    company: 'Saltmarsh Skincare',
    industry: 'E-commerce',
    tags: ['AI Automation', 'Email Support', 'E-commerce'],
    timeline: 'A few days',
    teamSize: '1 employee',
    // No excerpt: the list shows the beginning of the challenge instead.
    challenge:
      'Saltmarsh Skincare was paying a support agency $9,200 a month to answer about 400 customer emails a day, yet replies still took 14 hours on average and often missed details about ingredients, subscriptions and shipping.',
    solution:
      'Tandem placed one AI-trained email specialist who, within a few days, rebuilt the shared inbox with automatic tagging, AI-drafted replies for routine questions and order-status lookups, and handled every exception personally.',
    results: [
      '75% lower monthly support cost, from $9,200 to $2,300',
      'Average reply time cut from 14 hours to 2 hours',
      '68% of routine emails answered through reviewed automated workflows',
      'The founder reclaimed 15 hours a week',
    ],
  },
  {
    id: 5,
    slug: 'ai-content-workflow-automation',
    title: 'Quadrupling Content Output with an AI-Assisted Content Workflow',
    company: 'Brightwell HR',
    industry: 'SaaS',
    tags: ['AI Automation', 'Content Marketing', 'SaaS'],
    timeline: 'Implementation in days',
    teamSize: '1 content specialist',
    excerpt:
      'A two-person marketing team at an HR software company went from 4 to 16 published articles a month, at less than a third of the cost per article.',
    challenge:
      'Brightwell HR’s two-person marketing team could publish only four blog articles a month, each taking 12 days from brief to publication and costing about $450 through freelance writers, while competitors were outranking it on every key search term.',
    solution:
      'Tandem provided one content specialist who set up an AI-assisted workflow within days: keyword research, briefs, AI-supported first drafts, human editing and fact-checking, search optimisation and publishing, with Brightwell’s team approving every piece.',
    results: [
      'Published articles up from 4 to 16 a month',
      'Cost per article down from $450 to $140',
      'Brief-to-publish time cut from 12 days to 3 days',
      'Organic search traffic up 85% in six months',
    ],
  },
];

// The long story of each case study (background, details, takeaways) is its own chunk: the list and
// the other detail pages do not download it.
export const loadCaseStudyContent = createContentLoader<string, CaseStudyFullContent>(
  Object.fromEntries(
    Object.entries(import.meta.glob<{ fullContent: CaseStudyFullContent }>('./case-studies/*.ts')).map(
      ([file, load]) => [
        file.slice('./case-studies/'.length, -'.ts'.length),
        () => load().then((module) => module.fullContent),
      ],
    ),
  ),
);

// Old links used the numeric id, so "/case-studies/3" finds the same story as its slug.
export function findCaseStudy(param: string): CaseStudy | undefined {
  return caseStudies.find((caseStudy) => caseStudy.slug === param || String(caseStudy.id) === param);
}

// The card text: the excerpt, else the first 150 characters of the challenge
// (docs/spec/admin-billing-and-content.md §9).
export function caseStudySummary(caseStudy: CaseStudy): string {
  if (caseStudy.excerpt) return caseStudy.excerpt;
  const { challenge } = caseStudy;
  return challenge.length > 150 ? `${challenge.slice(0, 150).trimEnd()}…` : challenge;
}
