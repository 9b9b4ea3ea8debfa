import {
  ChartColumnIcon,
  ClockIcon,
  MegaphoneIcon,
  MousePointerClickIcon,
  PiggyBankIcon,
  SearchIcon,
  Share2Icon,
  TargetIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'SEO, paid advertising, social media and conversion optimization by AI-trained marketers. Clients average a 300% return on ad spend and 150% more traffic.',
  hero: {
    eyebrow: 'Performance marketing teams',
    description:
      'Dedicated marketers who plan, run and report on your search, paid media, social and conversion programs. AI speeds up research, copy variations and reporting; your team decides the strategy and we answer for the numbers.',
    actions: [
      { label: 'Get a Free Marketing Audit', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '300%', label: 'Average return on ad spend' },
    { value: '150%', label: 'Average traffic increase' },
    { value: '60%', label: 'Lower cost than an in-house team' },
    { value: '24/7', label: 'Campaign monitoring' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'services',
      eyebrow: 'What we run',
      title: 'Marketing services',
      description:
        'Pick one channel to start, or let us manage your full acquisition mix against a shared revenue goal.',
      columns: 2,
      cards: [
        {
          title: 'SEO & Content',
          description:
            'Rank for the searches your buyers make, with content that answers them better than competitors.',
          icon: SearchIcon,
          badge: '150% traffic increase',
          badgeTone: 'result',
          features: [
            'Technical SEO audits and fixes',
            'Keyword and competitor research',
            'Articles, landing pages and product copy',
            'Link building and digital PR',
          ],
        },
        {
          title: 'PPC & Paid Advertising',
          description: 'Search, shopping and display campaigns managed daily for profitable growth, not just clicks.',
          icon: MousePointerClickIcon,
          badge: '300% average ROAS',
          badgeTone: 'result',
          features: [
            'Google Ads and Microsoft Ads management',
            'Shopping feeds and Performance Max',
            'Ad copy and creative testing',
            'Bid and budget optimization',
          ],
        },
        {
          title: 'Social Media',
          description: 'Organic and paid social that builds an audience and turns it into customers.',
          icon: Share2Icon,
          badge: '3x engagement',
          badgeTone: 'result',
          features: [
            'Content calendars and publishing',
            'Community management and replies',
            'Paid social on Meta, LinkedIn and TikTok',
            'Creator and influencer coordination',
          ],
        },
        {
          title: 'Analytics & Conversion Optimization',
          description: 'Know what works, then make more of your existing traffic convert.',
          icon: ChartColumnIcon,
          badge: '35% higher conversion rate',
          badgeTone: 'result',
          features: [
            'Tracking and attribution setup',
            'Dashboards in Looker Studio',
            'A/B tests on pages and checkout',
            'Funnel and cohort analysis',
          ],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'channels',
      eyebrow: 'Channels',
      title: 'Channels we manage',
      description: 'Typical returns our clients see on each channel once campaigns are optimized.',
      columns: 3,
      cards: [
        {
          title: 'Google Search & Shopping',
          description: 'Capture buyers at the moment they search for what you sell.',
          badge: 'ROI 400%',
          badgeTone: 'result',
        },
        {
          title: 'Meta (Facebook & Instagram)',
          description: 'Reach new audiences with creative tested weekly and retargeting that closes the loop.',
          badge: 'ROI 280%',
          badgeTone: 'result',
        },
        {
          title: 'LinkedIn',
          description: 'Account-based campaigns and thought leadership for B2B buyers and decision makers.',
          badge: 'ROI 220%',
          badgeTone: 'result',
        },
        {
          title: 'Email Marketing',
          description: 'Automated flows and newsletters that turn subscribers into repeat customers.',
          badge: 'ROI 420%',
          badgeTone: 'result',
        },
        {
          title: 'Organic Search',
          description: 'Compounding traffic from content and technical SEO that keeps paying back.',
          badge: 'ROI 500%',
          badgeTone: 'result',
        },
        {
          title: 'TikTok & YouTube',
          description: 'Short-form video that introduces your brand to audiences who never search for it.',
          badge: 'ROI 250%',
          badgeTone: 'result',
        },
      ],
    },
    {
      kind: 'statPanel',
      id: 'client-results',
      eyebrow: 'Client results',
      title: 'Twelve months with a direct-to-consumer brand',
      description:
        'A home-goods retailer moved paid search, paid social, SEO and email to a four-person Tandem marketing team.',
      stats: [
        { value: '$2.5M', label: 'Revenue attributed to campaigns' },
        { value: '450%', label: 'Return on ad spend' },
        { value: '180%', label: 'Increase in organic traffic' },
        { value: '320%', label: 'Growth in email revenue' },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why growing brands choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'A full team for one budget',
          description:
            'Strategist, media buyer, content writer and analyst for up to 60% less than hiring the same roles locally.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Accountable to revenue',
          description:
            'We agree targets for revenue, cost per acquisition and return on ad spend, and report against them.',
          icon: TargetIcon,
        },
        {
          title: 'Always-on optimization',
          description:
            'Campaigns are checked every day across time zones, so wasted spend is caught in hours, not weeks.',
          icon: ClockIcon,
        },
        {
          title: 'AI-assisted creative',
          description:
            'More ad and copy variations tested each month, drafted with AI and finished by experienced marketers.',
          icon: MegaphoneIcon,
        },
      ],
    },
    {
      kind: 'statPanel',
      id: 'roi',
      eyebrow: 'Return on investment',
      title: 'What a typical client sees',
      stats: [
        { value: '300%', label: 'Average ROAS' },
        { value: '150%', label: 'Traffic increase' },
        { value: '6 months', label: 'To break even' },
      ],
      note: 'Every business starts from a different place. We will model the return for your market, budget and margins.',
      action: { label: 'Get Your Custom Marketing Plan', href: paths.contact.getHref() },
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'How we grow your results',
      steps: [
        {
          title: 'Audit & Strategy',
          description: 'We review your accounts, tracking and competitors, then set targets and a 90-day plan.',
        },
        {
          title: 'Setup & Launch',
          description: 'Tracking fixed, campaigns rebuilt where needed and the first content and creative live.',
        },
        {
          title: 'Test & Optimize',
          description: 'Weekly experiments on audiences, bids, creative and landing pages, keeping what wins.',
        },
        {
          title: 'Report & Scale',
          description: 'Monthly reviews of revenue and return, and budget moved to the channels that perform.',
        },
      ],
    },
  ],
  closing: {
    title: 'Turn your marketing budget into predictable growth',
    description:
      'Book a free audit of your marketing accounts. You will get three improvements you can make this month, whether or not you work with us.',
    actions: [
      { label: 'Get a Free Marketing Audit', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
