import {
  ClockIcon,
  LifeBuoyIcon,
  MessagesSquareIcon,
  PackageCheckIcon,
  PiggyBankIcon,
  SparklesIcon,
  TrendingUpIcon,
  UserStarIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'AI-trained customer service teams for chat, email, phone and social support. 24/7 coverage, up to 60% lower support costs and 40% faster first responses.',
  hero: {
    eyebrow: 'AI-powered customer service',
    description:
      'Friendly, fluent support agents in the Philippines who answer your customers by chat, email, phone and social media around the clock. AI drafts replies, suggests answers from your help center and routes every ticket; your agents bring the judgement and the warmth.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '24/7', label: 'Support coverage' },
    { value: '60%', label: 'Lower support costs' },
    { value: '40%', label: 'Faster first responses' },
    { value: '98%', label: 'Customer satisfaction' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Support for every stage of the customer journey',
      description: 'Agents work in your help desk, follow your macros and tone of voice, and escalate by your rules.',
      columns: 2,
      cards: [
        {
          title: 'Omnichannel Support',
          description: 'One trained team answering every channel, with the full customer history in front of them.',
          icon: MessagesSquareIcon,
          features: [
            'Live chat and in-app messaging',
            'Email and web form tickets',
            'Inbound and outbound phone support',
            'Social media messages and comments',
          ],
          tags: { label: 'Platforms', items: ['Zendesk', 'Intercom', 'Freshdesk', 'Gorgias', 'HubSpot'] },
        },
        {
          title: 'Technical Support & Help Desk',
          description: 'Tier 1 and tier 2 troubleshooting for software and hardware products, documented as we go.',
          icon: LifeBuoyIcon,
          features: [
            'Guided troubleshooting and how-to help',
            'Bug reproduction and clear engineering escalations',
            'Account, login and access requests',
            'Help center articles written from real tickets',
          ],
          tags: { label: 'Platforms', items: ['Jira Service Management', 'Zendesk', 'Salesforce Service Cloud'] },
        },
        {
          title: 'Order & Account Support',
          description: 'The everyday questions that fill your inbox, resolved in a single reply wherever possible.',
          icon: PackageCheckIcon,
          features: [
            'Order status, changes and cancellations',
            'Returns, refunds and exchanges',
            'Billing and subscription questions',
            'Fraud checks and address verification',
          ],
          tags: { label: 'Platforms', items: ['Shopify', 'Stripe', 'Recharge', 'ShipStation'] },
        },
        {
          title: 'Customer Success & Retention',
          description: 'Proactive outreach that keeps customers using, renewing and recommending your product.',
          icon: TrendingUpIcon,
          features: [
            'Onboarding calls and product walkthroughs',
            'Renewal reminders and save offers',
            'Satisfaction surveys and review requests',
            'Churn-risk follow-up from usage signals',
          ],
          tags: { label: 'Platforms', items: ['HubSpot', 'Gainsight', 'Salesforce', 'Intercom'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why support leaders choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'Up to 60% lower cost',
          description:
            'Experienced agents for a fraction of local salaries, with recruitment, training and supervision included.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Always open',
          description:
            'Shifts cover nights, weekends and holidays, so customers get answers while your office is closed.',
          icon: ClockIcon,
        },
        {
          title: 'AI that speeds agents up',
          description:
            'Suggested replies, instant translations and ticket summaries cut handling time without sounding robotic.',
          icon: SparklesIcon,
        },
        {
          title: 'Quality you can measure',
          description:
            'Weekly reviews of sampled conversations, CSAT and response times, shared by your dedicated account manager.',
          icon: UserStarIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries',
      title: 'Teams trained for your customers',
      columns: 3,
      cards: [
        {
          title: 'E-commerce & Retail',
          description: 'Order questions, returns and pre-sale chat that turns browsers into buyers.',
        },
        {
          title: 'SaaS & Technology',
          description: 'Product support, onboarding and account management for subscription software.',
        },
        {
          title: 'Healthcare',
          description:
            'Appointment scheduling, patient inquiries and insurance questions handled with care and discretion.',
        },
        {
          title: 'Travel & Hospitality',
          description: 'Bookings, changes and guest requests across time zones and peak seasons.',
        },
        {
          title: 'Financial Services',
          description: 'Account queries and verification handled under strict security procedures.',
        },
        {
          title: 'Telecommunications & Utilities',
          description: 'High-volume billing, service and plan questions with clear escalation paths.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'Live in as little as two weeks',
      steps: [
        {
          title: 'Support Assessment',
          description: 'We study your ticket volumes, channels, peak hours and quality standards, and size the team.',
        },
        {
          title: 'Recruit & Train',
          description:
            'Agents are selected for your customers and trained on your product, tone, tools and AI assistants.',
        },
        {
          title: 'Supervised Launch',
          description:
            'The team starts on a share of your queue with close review, then takes on more as quality holds.',
        },
        {
          title: 'Measure & Improve',
          description: 'Weekly reports on CSAT, response and resolution times, with playbooks refined every month.',
        },
      ],
    },
  ],
  closing: {
    title: 'Give every customer a fast, friendly answer',
    description:
      'Book a free assessment of your support operation. We will show you the team, schedule and savings that fit your volumes.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
