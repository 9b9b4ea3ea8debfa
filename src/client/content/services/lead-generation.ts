import {
  CalendarCheckIcon,
  ChartColumnIcon,
  ClockIcon,
  MailIcon,
  PhoneCallIcon,
  PiggyBankIcon,
  SparklesIcon,
  TargetIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'AI-enhanced B2B lead generation, cold calling, email outreach and sales analytics. Clients average a 5:1 ROI, 300% more qualified leads, 70% faster sales.',
  hero: {
    eyebrow: 'AI-enhanced sales development',
    description:
      'Sales development representatives who research your ideal accounts, start conversations by phone, email and LinkedIn, and book qualified meetings straight into your account executives’ calendars. AI finds and prioritizes the prospects; trained people do the talking.',
    actions: [
      { label: 'Book a Strategy Call', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '3x', label: 'More meetings booked' },
    { value: '45%', label: 'Higher email reply rates' },
    { value: '60%', label: 'Lower cost per lead' },
    { value: '24/7', label: 'Prospecting across time zones' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Lead generation and sales development solutions',
      description: 'Run one channel or a complete outbound program, measured on meetings held and pipeline created.',
      columns: 2,
      cards: [
        {
          title: 'B2B Lead Generation',
          description: 'Verified prospects who match your ideal customer profile, researched and ready to contact.',
          icon: TargetIcon,
          features: [
            'Ideal customer profile and persona definition',
            'Account and contact research with AI enrichment',
            'Email and phone verification',
            'Buying-signal and intent monitoring',
          ],
          results: ['500+ verified contacts a month per researcher', '95% email deliverability'],
        },
        {
          title: 'Cold Calling & Appointment Setting',
          description:
            'Confident, well-prepared callers who qualify interest and book meetings your reps want to take.',
          icon: PhoneCallIcon,
          features: [
            'Call scripts and objection handling built with you',
            'Qualification against your criteria',
            'Meetings booked directly into calendars',
            'Call recordings and notes in your CRM',
          ],
          results: ['15–25 qualified meetings a month per caller', '80% meeting show rate'],
        },
        {
          title: 'Email Marketing & Automation',
          description: 'Personalized outbound sequences and nurture flows that get replies, not spam complaints.',
          icon: MailIcon,
          features: [
            'Domain and inbox warm-up',
            'Personalized multi-step sequences',
            'A/B tests on subject lines and offers',
            'Reply handling and hand-off to sales',
          ],
          results: ['45% higher reply rates', 'Open rates above 50%'],
        },
        {
          title: 'Sales Analytics & Optimization',
          description: 'Clean pipeline data and clear reports that show which activities create revenue.',
          icon: ChartColumnIcon,
          features: [
            'CRM hygiene and deduplication',
            'Pipeline and conversion dashboards',
            'Win/loss and call analysis',
            'Forecast preparation for sales leaders',
          ],
          results: ['70% faster sales cycle', '30% higher win rates'],
        },
      ],
    },
    {
      kind: 'cards',
      id: 'channels',
      eyebrow: 'Multi-channel outreach',
      title: 'Six channels working together',
      description: 'Prospects hear from you where they are most likely to answer, in a coordinated sequence.',
      columns: 3,
      cards: [
        {
          title: 'Cold email',
          description: 'Short, relevant emails personalized from account research, sent at a safe daily volume.',
          badge: 'High effectiveness',
          badgeTone: 'result',
        },
        {
          title: 'Cold calling',
          description: 'Live conversations that qualify interest quickly and book the meeting on the call.',
          badge: 'Very high effectiveness',
          badgeTone: 'result',
        },
        {
          title: 'LinkedIn outreach',
          description: 'Connection requests, comments and messages from your team’s profiles.',
          badge: 'High effectiveness',
          badgeTone: 'result',
        },
        {
          title: 'Inbound lead follow-up',
          description: 'Website inquiries and demo requests called back within minutes, day or night.',
          badge: 'Very high effectiveness',
          badgeTone: 'result',
        },
        {
          title: 'Event and webinar follow-up',
          description: 'Attendees and registrants contacted while your event is still fresh in their minds.',
          badge: 'Medium effectiveness',
          badgeTone: 'result',
        },
        {
          title: 'Referral and partner outreach',
          description: 'Introductions requested from happy customers and partners, tracked to the deal.',
          badge: 'High effectiveness',
          badgeTone: 'result',
        },
      ],
    },
    {
      kind: 'statPanel',
      id: 'roi',
      eyebrow: 'Return on investment',
      title: 'What our clients average',
      stats: [
        { value: '5:1', label: 'Average ROI' },
        { value: '300%', label: 'More qualified leads' },
        { value: '70%', label: 'Faster sales cycle' },
      ],
      note: 'See how sales teams like yours filled their pipelines with a Tandem SDR team.',
      action: { label: 'Read Case Studies', href: paths.caseStudies.getHref() },
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why sales leaders choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'More pipeline per dollar',
          description:
            'Full-time SDRs for up to 60% less than local hires, with no ramp-up cost to carry on your side.',
          icon: PiggyBankIcon,
        },
        {
          title: 'AI-prioritized prospects',
          description: 'Reps spend their time on accounts showing buying signals, not on cold, unqualified lists.',
          icon: SparklesIcon,
        },
        {
          title: 'Reps focused on closing',
          description: 'Your account executives take qualified meetings instead of prospecting all day.',
          icon: CalendarCheckIcon,
        },
        {
          title: 'Coverage in every time zone',
          description: 'Calls and follow-ups timed to your prospects’ working hours in North America, Europe and Asia.',
          icon: ClockIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries served',
      title: 'Industries we sell into',
      columns: 3,
      cards: [
        {
          title: 'SaaS & Technology',
          description: 'Demo bookings with IT, operations and finance buyers at growing companies.',
        },
        {
          title: 'Professional Services',
          description: 'Consultations for agencies, consultancies, accounting and legal firms.',
        },
        {
          title: 'Financial Services',
          description: 'Compliant outreach for lenders, insurers and payment providers.',
        },
        {
          title: 'Healthcare',
          description: 'Meetings with practice managers and procurement teams for health products and services.',
        },
        {
          title: 'Manufacturing & Industrial',
          description: 'Distributor and buyer outreach for equipment, parts and materials suppliers.',
        },
        {
          title: 'Real Estate',
          description: 'Seller, landlord and investor prospecting for brokerages and property managers.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'From first call to booked meetings',
      steps: [
        {
          title: 'Strategy & Targeting',
          description:
            'We define your ideal customer profile, offer, messaging and the results we will be measured on.',
        },
        {
          title: 'Research & Setup',
          description: 'Prospect lists built and verified, domains warmed, scripts and sequences approved by you.',
        },
        {
          title: 'Outreach & Qualification',
          description:
            'Coordinated calls, emails and social touches, with every reply qualified before it reaches you.',
        },
        {
          title: 'Optimize & Scale',
          description: 'Weekly reviews of what converts, and more reps added to the channels that perform best.',
        },
      ],
    },
  ],
  closing: {
    title: 'Fill your calendar with qualified meetings',
    description:
      'Book a strategy call. We will review your ideal customer profile and show you the outreach plan we would run for you.',
    actions: [
      { label: 'Book a Strategy Call', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
