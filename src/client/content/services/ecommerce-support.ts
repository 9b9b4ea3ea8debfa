import {
  ClockIcon,
  HeadsetIcon,
  LayersIcon,
  PackageCheckIcon,
  PiggyBankIcon,
  ShieldCheckIcon,
  StoreIcon,
  TagsIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'E-commerce support teams for customer service, order processing, product listings and store operations. 24/7 coverage and up to 60% lower operating costs.',
  hero: {
    eyebrow: 'E-commerce operations teams',
    description:
      'Trained e-commerce specialists who answer your shoppers, process orders, manage listings and keep your store running day and night. They work inside Shopify, Amazon and your other channels, with AI tools that speed up replies and catalog work.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '24/7', label: 'Store coverage' },
    { value: '60%', label: 'Lower operating costs' },
    { value: '40%', label: 'Faster order processing' },
    { value: '99.8%', label: 'Listing and order accuracy' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Everything behind the checkout',
      description:
        'Hand over one function or your whole back office, and scale the team for sales events and holidays.',
      columns: 2,
      cards: [
        {
          title: 'Shopper Support',
          description: 'Quick, friendly answers before and after the sale, on every channel your customers use.',
          icon: HeadsetIcon,
          features: [
            'Pre-sale chat and product questions',
            'Order tracking and delivery issues',
            'Returns, exchanges and refunds',
            'Review and marketplace message replies',
          ],
          tags: { label: 'Platforms', items: ['Gorgias', 'Zendesk', 'Re:amaze', 'Shopify Inbox'] },
        },
        {
          title: 'Order & Fulfillment Management',
          description: 'Orders checked, processed and tracked so every parcel leaves on time and correct.',
          icon: PackageCheckIcon,
          features: [
            'Order processing and fraud review',
            'Supplier and 3PL coordination',
            'Dropshipping order placement',
            'Shipping exceptions and carrier claims',
          ],
          tags: { label: 'Platforms', items: ['ShipStation', 'ShipBob', 'Shopify', 'Amazon Seller Central'] },
        },
        {
          title: 'Product Listings & Catalog Management',
          description: 'Accurate, search-friendly listings across your store and every marketplace you sell on.',
          icon: TagsIcon,
          features: [
            'New product uploads and variants',
            'AI-assisted descriptions checked by an editor',
            'Pricing, stock and promotion updates',
            'Image editing and alt text',
          ],
          tags: { label: 'Platforms', items: ['Shopify', 'WooCommerce', 'BigCommerce', 'Amazon', 'eBay'] },
        },
        {
          title: 'Store Operations',
          description: 'The daily admin that keeps a growing store healthy and profitable.',
          icon: StoreIcon,
          features: [
            'Inventory reconciliation and reorder alerts',
            'Marketplace account health monitoring',
            'Sales and returns reporting',
            'Promotion and discount setup',
          ],
          tags: { label: 'Platforms', items: ['Shopify', 'Linnworks', 'Google Sheets', 'Klaviyo'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why online stores choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'Open around the clock',
          description: 'Shoppers in every time zone get answers in minutes, including nights, weekends and holidays.',
          icon: ClockIcon,
        },
        {
          title: 'Up to 60% lower cost',
          description: 'Trained specialists for a fraction of local wages, with no seasonal hiring scramble.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Ready for peak season',
          description: 'Extra trained people added for launches, Black Friday and the holidays, then scaled back.',
          icon: LayersIcon,
        },
        {
          title: 'Accurate every time',
          description:
            'Checklists and second checks keep order and listing accuracy at 99.8%, protecting your reviews.',
          icon: ShieldCheckIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'stores',
      eyebrow: 'Who we support',
      title: 'Stores we work with',
      columns: 3,
      cards: [
        {
          title: 'Direct-to-consumer brands',
          description: 'Shopify brands that want a support and operations team as careful as their product.',
        },
        {
          title: 'Amazon and marketplace sellers',
          description: 'Sellers managing listings, messages and account health across several marketplaces.',
        },
        {
          title: 'Fashion and apparel',
          description: 'Size questions, exchanges and large catalogs with many variants.',
        },
        {
          title: 'Health and beauty',
          description: 'Subscription orders, ingredient questions and careful claims in listings.',
        },
        {
          title: 'Home and electronics',
          description: 'Technical pre-sale questions, warranties and delivery coordination for bulky items.',
        },
        {
          title: 'Subscription boxes',
          description: 'Recurring billing questions, skips, swaps and churn-saving conversations.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'From first call to a running store team',
      steps: [
        {
          title: 'Store Review',
          description: 'We look at your channels, order volumes, ticket types and seasonal peaks.',
        },
        {
          title: 'Playbooks & Access',
          description: 'Policies, macros and checklists written with you; secure access to your platforms set up.',
        },
        {
          title: 'Training & Launch',
          description: 'Your team learns your products and brand voice, then goes live with close supervision.',
        },
        {
          title: 'Scale with Demand',
          description:
            'Weekly reports on response times, accuracy and sales impact, and extra hands before every peak.',
        },
      ],
    },
  ],
  closing: {
    title: 'Spend your time growing the store, not running it',
    description:
      'Book a free assessment. We will show you which tasks to hand over first and how the team scales through your busiest season.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
