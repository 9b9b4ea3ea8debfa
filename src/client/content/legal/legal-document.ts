import { paths } from '~/shared/routes';

// The shape of the four policies (privacy, terms, cookies, GDPR), rendered by src/client/site/legal-page.tsx.

export type Inline = string | { text: string; href: string } | { code: string };
// A run of text with optional links and code; a plain string when there is neither.
export type RichText = string | Inline[];

export type LegalBlock =
  | { kind: 'paragraph'; text: RichText }
  | { kind: 'list'; items: RichText[] }
  // A titled part of a section (an <h3>).
  | { kind: 'subsection'; title: string; blocks: LegalBlock[] }
  | { kind: 'table'; caption: string; columns: string[]; rows: RichText[][] };

interface LegalSection {
  // The anchor of the in-page table of contents.
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  // Shown under the title and as the meta description (140–160 characters).
  summary: string;
  lastUpdated: { text: string; iso: string };
  sections: LegalSection[];
}

export const LEGAL_LAST_UPDATED = { text: 'January 15, 2024', iso: '2024-01-15' };

export const paragraph = (text: RichText): LegalBlock => ({ kind: 'paragraph', text });
export const list = (items: RichText[]): LegalBlock => ({ kind: 'list', items });
export const subsection = (title: string, blocks: LegalBlock[]): LegalBlock => ({ kind: 'subsection', title, blocks });
export const link = (text: string, href: string): Inline => ({ text, href });

export const contactLink = link('contact form', paths.contact.getHref());

// How long each kind of personal data is kept; the Privacy Policy and the GDPR page show the same table.
export const retentionTable: LegalBlock = {
  kind: 'table',
  caption: 'How long we keep personal data',
  columns: ['Kind of data', 'How long we keep it'],
  rows: [
    [
      'Account data (profile, sign-in details, settings, messages)',
      'Until you delete your account, or 3 years after your last activity',
    ],
    ['Transaction data (invoices, payments, service fees)', '7 years, to meet tax and accounting obligations'],
    [
      'Marketing data (newsletter and offer preferences)',
      'Until you withdraw your consent, or after 2 years of inactivity',
    ],
    ['Analytics data (how the site is used)', '26 months, in anonymized form'],
  ],
};
