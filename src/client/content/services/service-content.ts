import type { LucideIcon } from 'lucide-react';
import type { PageId } from '~/shared/routes';

// The shape of a service page: the page is data, and src/client/site/service-page.tsx renders any of them.
// Its <h1> is the page's route title (src/shared/routes.ts), which is also its Services menu label.

export const servicePageIds = [
  'customerService',
  'dataEntry',
  'virtualAssistants',
  'businessOperations',
  'financeAccounting',
  'codeDevelopment',
  'designGraphics',
  'digitalMarketing',
  'humanResources',
  'leadGeneration',
  'ecommerceSupport',
] as const satisfies readonly PageId[];

export type ServicePageId = (typeof servicePageIds)[number];

interface ContentAction {
  label: string;
  // Built with paths.<id>.getHref().
  href: string;
  variant?: 'primary' | 'secondary';
}

interface ContentStat {
  value: string;
  label: string;
}

interface ContentStep {
  title: string;
  description: string;
}

// A labelled list of short tags: a tech stack, design tools, the metrics a team reports on.
export interface TagGroup {
  label: string;
  items: string[];
  icon?: LucideIcon;
}

export interface ServiceCard {
  title: string;
  description: string;
  icon?: LucideIcon;
  // A short label above the title: "Popular", "ROI 4.2x", "65% faster".
  badge?: string;
  // 'result' shows the badge as an outcome (green) rather than a label (indigo).
  badgeTone?: 'label' | 'result';
  features?: string[];
  tags?: TagGroup;
  // Typical outcomes a client sees, shown in a results box at the foot of the card.
  results?: string[];
  // The card's own page: its title becomes a link covering the card.
  href?: string;
}

interface SectionHeading {
  // The section's anchor, unique on the page.
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
}

interface CardsSection extends SectionHeading {
  kind: 'cards';
  columns: 2 | 3 | 4;
  cards: ServiceCard[];
}

interface StepsSection extends SectionHeading {
  kind: 'steps';
  steps: ContentStep[];
}

// Figures on a dark band: client results, an ROI box or banner.
export interface StatPanelSection extends SectionHeading {
  kind: 'statPanel';
  stats: ContentStat[];
  note?: string;
  action?: ContentAction;
}

// Grouped tag lists, such as a technology stack by category.
export interface TagGroupsSection extends SectionHeading {
  kind: 'tagGroups';
  groups: TagGroup[];
}

export type ServiceSection = CardsSection | StepsSection | StatPanelSection | TagGroupsSection;

export interface ServicePageContent {
  // The page's meta description: a 140–160 character summary.
  metaDescription: string;
  hero: {
    eyebrow: string;
    description: string;
    actions: ContentAction[];
  };
  stats: ContentStat[];
  sections: ServiceSection[];
  closing: {
    title: string;
    description: string;
    actions: ContentAction[];
  };
}
