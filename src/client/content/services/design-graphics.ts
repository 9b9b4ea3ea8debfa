import {
  BrushIcon,
  ClapperboardIcon,
  GaugeIcon,
  LayoutTemplateIcon,
  PaletteIcon,
  PiggyBankIcon,
  RefreshCwIcon,
  ShapesIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'UI/UX, brand identity, video and illustration from dedicated designers. 1000+ designs delivered, 50% faster turnaround, 98% client satisfaction.',
  hero: {
    eyebrow: 'Creative teams on demand',
    description:
      'Dedicated designers who learn your brand and deliver interfaces, campaigns, videos and illustrations on a predictable schedule. AI tools speed up exploration and production; experienced designers make the decisions and polish every file.',
    actions: [
      { label: 'Start a Design Project', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '1000+', label: 'Designs delivered' },
    { value: '50%', label: 'Faster turnaround' },
    { value: '40%', label: 'Average conversion increase' },
    { value: '98%', label: 'Client satisfaction' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'services',
      eyebrow: 'What we design',
      title: 'Design services',
      description: 'One designer for your weekly requests or a small studio team for a launch or rebrand.',
      columns: 2,
      cards: [
        {
          title: 'UI/UX Design',
          description: 'Interfaces people understand at first glance, tested with users and handed off ready to build.',
          icon: LayoutTemplateIcon,
          features: [
            'User research and journey mapping',
            'Wireframes and interactive prototypes',
            'Design systems and component libraries',
            'Usability testing and accessibility reviews',
          ],
          tags: { label: 'Tools', items: ['Figma', 'FigJam', 'Maze', 'Framer'] },
        },
        {
          title: 'Brand Identity & Graphics',
          description: 'A consistent look across every touchpoint, from your logo to next week’s social posts.',
          icon: PaletteIcon,
          features: [
            'Logos, color palettes and typography',
            'Brand guidelines and templates',
            'Social media and advertising creatives',
            'Presentations, reports and print collateral',
          ],
          tags: { label: 'Tools', items: ['Adobe Illustrator', 'Photoshop', 'InDesign', 'Canva'] },
        },
        {
          title: 'Video & Motion Graphics',
          description: 'Short videos and animations that explain your product and stop the scroll.',
          icon: ClapperboardIcon,
          features: [
            'Product explainers and demos',
            'Social video edits and captions',
            'Animated logos and UI motion',
            'Webinar and podcast editing',
          ],
          tags: { label: 'Tools', items: ['After Effects', 'Premiere Pro', 'DaVinci Resolve', 'Lottie'] },
        },
        {
          title: 'Digital Art & Illustration',
          description: 'Original illustration that gives your product and content a recognizable personality.',
          icon: BrushIcon,
          features: [
            'Custom illustration sets and icons',
            'Editorial and blog illustrations',
            'Packaging and merchandise artwork',
            'Character design and mascots',
          ],
          tags: { label: 'Tools', items: ['Procreate', 'Adobe Illustrator', 'Adobe Firefly', 'Blender'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why marketing and product teams choose Tandem',
      columns: 4,
      cards: [
        {
          title: 'Up to 60% lower cost',
          description:
            'A dedicated senior designer for less than a local junior hire or agency retainer, with no software seats to buy.',
          icon: PiggyBankIcon,
        },
        {
          title: '50% faster turnaround',
          description:
            'AI-assisted concepting and overnight production mean most requests come back within one business day.',
          icon: GaugeIcon,
        },
        {
          title: 'Always on brand',
          description:
            'Your designer works from your guidelines and templates, so every asset looks like it came from one team.',
          icon: ShapesIcon,
        },
        {
          title: 'Revisions included',
          description:
            'Feedback rounds are part of the service. We iterate until the work is right, not until the hours run out.',
          icon: RefreshCwIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'design-types',
      eyebrow: 'Design types',
      title: 'What we design every week',
      columns: 3,
      cards: [
        {
          title: 'Websites and landing pages',
          description: 'Page layouts designed for conversion and built to your developers’ component library.',
        },
        {
          title: 'Mobile and web app screens',
          description: 'New features and redesigns, from flows and wireframes to production-ready screens.',
        },
        {
          title: 'Social media creatives',
          description: 'Platform-sized posts, stories and carousels delivered to your content calendar.',
        },
        {
          title: 'Advertising creatives',
          description: 'Static and animated ad variations for testing across search, social and display.',
        },
        {
          title: 'Sales and marketing collateral',
          description: 'Pitch decks, one-pagers, case studies and event materials that sell for you.',
        },
        {
          title: 'Packaging and print',
          description: 'Labels, boxes, signage and print-ready files checked for bleed and color.',
        },
      ],
    },
    {
      kind: 'cards',
      id: 'industries',
      eyebrow: 'Industries',
      title: 'Industries we design for',
      columns: 3,
      cards: [
        {
          title: 'SaaS & Technology',
          description: 'Product interfaces, onboarding flows and launch campaigns for software companies.',
        },
        {
          title: 'E-commerce & Retail',
          description: 'Product imagery edits, storefront banners and seasonal campaign assets.',
        },
        {
          title: 'Healthcare & Wellness',
          description: 'Clear, accessible patient materials and trustworthy brand systems.',
        },
        {
          title: 'Real Estate',
          description: 'Listing presentations, property flyers, virtual tour edits and social content.',
        },
        {
          title: 'Education & E-learning',
          description: 'Course visuals, slide templates and explainer animations for learners.',
        },
        {
          title: 'Professional Services',
          description: 'Proposals, reports and thought-leadership content for firms and consultancies.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'How a design request moves',
      steps: [
        {
          title: 'Creative Brief',
          description: 'You share the goal, audience and references; we confirm scope and a delivery date.',
        },
        {
          title: 'Concepts',
          description: 'Your designer explores directions quickly, with AI-assisted moodboards and drafts.',
        },
        {
          title: 'Design & Refine',
          description: 'The chosen direction is crafted in detail and revised with your feedback until approved.',
        },
        {
          title: 'Delivery & Handoff',
          description: 'Organized source files, exports for every channel and specs your developers can build from.',
        },
      ],
    },
  ],
  closing: {
    title: 'Get your first designs this week',
    description:
      'Tell us what you need designed and how often. We will match you with a designer whose portfolio fits your brand.',
    actions: [
      { label: 'Start a Design Project', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
