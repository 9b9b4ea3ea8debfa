import {
  DatabaseIcon,
  FileScanIcon,
  GaugeIcon,
  KeyboardIcon,
  LockIcon,
  PiggyBankIcon,
  ShieldCheckIcon,
  SparklesIcon,
} from 'lucide-react';
import { paths } from '~/shared/routes';
import type { ServicePageContent } from './service-content';

export const content: ServicePageContent = {
  metaDescription:
    'AI-assisted data entry, document processing, data cleansing and CRM management with 99.8% accuracy, up to 60% lower cost and round-the-clock turnaround.',
  hero: {
    eyebrow: 'AI-powered data entry',
    description:
      'Trained data specialists who capture, process and clean your records with AI extraction and a human check on every field. Forms, invoices, catalogs and CRM updates are handled overnight and returned accurate, consistent and ready to use.',
    actions: [
      { label: 'Get Free Assessment', href: paths.contact.getHref() },
      { label: 'View Success Stories', href: paths.caseStudies.getHref(), variant: 'secondary' },
    ],
  },
  stats: [
    { value: '99.8%', label: 'Accuracy' },
    { value: '60%', label: 'Cost savings' },
    { value: '40%', label: 'Faster turnaround' },
    { value: '24/7', label: 'Processing' },
  ],
  sections: [
    {
      kind: 'cards',
      id: 'solutions',
      eyebrow: 'Solutions',
      title: 'Data work we handle',
      description: 'We work in your systems or ours, to your field rules and formats, at whatever volume you send.',
      columns: 2,
      cards: [
        {
          title: 'Data Entry & Digitization',
          description: 'Paper and scanned records turned into structured, searchable data.',
          icon: KeyboardIcon,
          features: [
            'Forms, surveys and applications',
            'Handwritten and printed records',
            'Legacy archives and back-file conversion',
            'Double-entry verification for critical fields',
          ],
          tags: { label: 'Tools', items: ['Excel', 'Google Sheets', 'Airtable', 'Your own systems'] },
        },
        {
          title: 'Document & Invoice Processing',
          description: 'Invoices, receipts, claims and contracts read by AI and verified by a specialist.',
          icon: FileScanIcon,
          features: [
            'OCR and AI extraction with human review',
            'Invoice and purchase order data capture',
            'Insurance claims and medical forms',
            'Contract and policy data extraction',
          ],
          tags: { label: 'Tools', items: ['ABBYY', 'Google Document AI', 'Rossum', 'DocuWare'] },
        },
        {
          title: 'Data Cleansing & Enrichment',
          description: 'Duplicate, outdated and inconsistent records fixed so your reports can be trusted.',
          icon: SparklesIcon,
          features: [
            'Deduplication and merge rules',
            'Address and format standardization',
            'Contact and company enrichment',
            'Validation against your reference data',
          ],
          tags: { label: 'Tools', items: ['OpenRefine', 'Excel Power Query', 'Clearbit', 'ZoomInfo'] },
        },
        {
          title: 'Database & CRM Management',
          description: 'Your CRM, ERP and product catalog kept complete and current every day.',
          icon: DatabaseIcon,
          features: [
            'CRM record creation and updates',
            'Product catalog and pricing updates',
            'Data migration between systems',
            'Scheduled data quality reports',
          ],
          tags: { label: 'Tools', items: ['Salesforce', 'HubSpot', 'NetSuite', 'Shopify'] },
        },
      ],
    },
    {
      kind: 'cards',
      id: 'benefits',
      eyebrow: 'Benefits',
      title: 'Why operations teams choose Tandem',
      columns: 4,
      cards: [
        {
          title: '99.8% accuracy',
          description:
            'AI extraction, validation rules and a specialist review on every batch, with errors traced and fixed at the source.',
          icon: ShieldCheckIcon,
        },
        {
          title: 'Up to 60% lower cost',
          description:
            'Pay for trained specialists, not for overtime, temporary staff or expensive data entry software.',
          icon: PiggyBankIcon,
        },
        {
          title: 'Overnight turnaround',
          description: 'Work sent at the end of your day is processed while you sleep and ready the next morning.',
          icon: GaugeIcon,
        },
        {
          title: 'Secure handling',
          description:
            'Access limited to what each task needs, confidentiality agreements signed and no data kept on personal devices.',
          icon: LockIcon,
        },
      ],
    },
    {
      kind: 'cards',
      id: 'use-cases',
      eyebrow: 'Use cases',
      title: 'Where our data teams help most',
      columns: 3,
      cards: [
        {
          title: 'Healthcare records',
          description: 'Patient intake forms, referrals and claims digitized and indexed for quick retrieval.',
        },
        {
          title: 'E-commerce catalogs',
          description: 'Thousands of product listings created, enriched and kept consistent across channels.',
        },
        {
          title: 'Finance back office',
          description: 'Invoices, receipts and statements captured for your accounting system every day.',
        },
        {
          title: 'Real estate and property',
          description: 'Listings, leases and tenant records entered and updated from agents and portals.',
        },
        {
          title: 'Logistics paperwork',
          description: 'Bills of lading, delivery notes and customs documents turned into clean shipment data.',
        },
        {
          title: 'Research and surveys',
          description: 'Survey responses and study data coded, entered and checked for analysis.',
        },
      ],
    },
    {
      kind: 'steps',
      id: 'process',
      eyebrow: 'Process',
      title: 'How we keep accuracy at 99.8%',
      steps: [
        {
          title: 'Sample & Specify',
          description: 'We process a sample of your data and agree field rules, formats and quality thresholds.',
        },
        {
          title: 'Secure Setup',
          description: 'Access, transfer methods and confidentiality controls set up and tested with your IT team.',
        },
        {
          title: 'Extract & Verify',
          description:
            'AI captures the data; a specialist reviews every field it is unsure of, and a second checks samples.',
        },
        {
          title: 'Deliver & Report',
          description: 'Clean data delivered on schedule with an accuracy report and a log of any exceptions.',
        },
      ],
    },
  ],
  closing: {
    title: 'Send us a sample and see the accuracy for yourself',
    description:
      'We will process a sample batch of your data free of charge and show you the accuracy, turnaround and cost per record.',
    actions: [
      { label: 'Request a Free Sample', href: paths.contact.getHref() },
      { label: 'Explore All Services', href: paths.services.getHref(), variant: 'secondary' },
    ],
  },
};
