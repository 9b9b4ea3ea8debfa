// Client testimonials of /testimonials (docs/spec/admin-billing-and-content.md §3 "Testimonial"). People and
// companies are fictitious; avatars are initials, so the spec's image URL field is left out.

type TestimonialCategory =
  | 'customer-service'
  | 'data-entry'
  | 'business-operations'
  | 'virtual-assistants'
  | 'automation'
  | 'healthcare'
  | 'saas'
  | 'content';

export interface Testimonial {
  quote: string;
  author: string;
  position: string;
  company: string;
  industry: string;
  rating: number;
  category: TestimonialCategory;
  results: string[];
}

export const testimonials: Testimonial[] = [
  {
    author: 'Megan Alvarez',
    position: 'VP of Customer Experience',
    company: 'Harbor & Pine Home Goods',
    industry: 'E-commerce',
    category: 'customer-service',
    rating: 5,
    quote:
      'We went into the holidays expecting to drown in tickets and came out with the best satisfaction scores we have ever had. The agents learned our products in weeks, and our account manager fixed problems before I knew they existed.',
    results: [
      'First response time cut from 19 hours to 45 minutes',
      'CSAT up from 72% to 94%',
      '24/7 coverage through the holiday peak',
    ],
  },
  {
    author: 'Priya Raman',
    position: 'Director of Practice Operations',
    company: 'Northfield Family Medical Group',
    industry: 'Healthcare',
    category: 'healthcare',
    rating: 5,
    quote:
      'Patient data is not something we hand over lightly. Tandem worked inside our systems, signed our business associate agreement, and delivered 184,000 charts ahead of schedule with accuracy our clinicians trust.',
    results: [
      '184,000 patient charts digitized in 16 weeks',
      '99.8% field-level accuracy',
      'Zero privacy or security incidents',
      'Chart retrieval cut from 12 minutes to 30 seconds',
    ],
  },
  {
    author: 'Daniel Kim',
    position: 'Co-founder & CEO',
    company: 'Tallyway',
    industry: 'SaaS',
    category: 'virtual-assistants',
    rating: 5,
    quote:
      'We started with two assistants and ended up with twelve. Every time we needed a new role, Tandem had someone ready in two weeks, and my co-founders and I finally got our evenings back to build the product.',
    results: ['Customer base grew from 140 to 610', 'About 25 hours a week returned to each founder'],
  },
  {
    author: 'Rachel Thompson',
    position: 'Finance Operations Manager',
    company: 'Meridian Freight Logistics',
    industry: 'Logistics',
    category: 'data-entry',
    rating: 5,
    quote:
      'Our carrier invoices used to sit in a backlog for a week. Now they are entered, matched to the purchase order and flagged for exceptions within a day, and month-end close is two days shorter.',
    results: [
      '12,000 invoices a month processed within 24 hours',
      '99.8% data accuracy',
      'Month-end close two days faster',
    ],
  },
  {
    author: 'Marcus Bell',
    position: 'Founder',
    company: 'Saltmarsh Skincare',
    industry: 'E-commerce',
    category: 'automation',
    rating: 5,
    quote:
      'One specialist replaced an agency that cost four times as much. The inbox is automated where it should be and personal where it matters, and I no longer spend my weekends rewriting answers about ingredients.',
    results: ['75% lower monthly support cost', 'Average reply time cut from 14 hours to 2 hours'],
  },
  {
    author: 'Elena Petrova',
    position: 'Head of Marketing',
    company: 'Brightwell HR',
    industry: 'SaaS',
    category: 'content',
    rating: 5,
    quote:
      'Our content specialist set up a workflow in days that our two-person team could never have built alone. The drafts are fast, but what impresses me is the editing and fact-checking behind every article.',
    results: [
      'Articles up from 4 to 16 a month',
      'Cost per article down from $450 to $140',
      'Organic search traffic up 85% in six months',
    ],
  },
  {
    author: "James O'Connor",
    position: 'Director of Support',
    company: 'Parcelpoint',
    industry: 'Logistics Software',
    category: 'customer-service',
    rating: 5,
    quote:
      'Our customers ship around the clock, so our support has to as well. Tandem gave us a night and weekend team that resolves technical questions at the same quality as our day shift, for well under half the cost.',
    results: [
      'Overnight response time cut from 9 hours to 20 minutes',
      '91% of tickets resolved without escalation',
      '55% lower cost than local night-shift hiring',
      'CSAT steady at 95% across all shifts',
    ],
  },
  {
    author: 'Aisha Mohammed',
    position: 'Chief Operating Officer',
    company: 'Keystone Property Management',
    industry: 'Real Estate',
    category: 'virtual-assistants',
    rating: 5,
    quote:
      'Our property managers were buried in maintenance requests and scheduling. Three virtual assistants now handle tenant calls, vendor bookings and lease paperwork, and our managers spend their time with owners again.',
    results: [
      'Maintenance requests logged and scheduled the same day',
      'Property managers each saving 12 hours a week',
      'Tenant renewal rate up from 78% to 87%',
    ],
  },
];

export interface TestimonialFilter {
  id: 'all' | TestimonialCategory;
  label: string;
}

// The filter buttons of /testimonials; the page counts each one from the data.
export const testimonialFilters: TestimonialFilter[] = [
  { id: 'all', label: 'All Reviews' },
  { id: 'customer-service', label: 'Customer Service' },
  { id: 'data-entry', label: 'Data Entry' },
  { id: 'virtual-assistants', label: 'Virtual Assistants' },
  { id: 'automation', label: 'AI Automation' },
];
