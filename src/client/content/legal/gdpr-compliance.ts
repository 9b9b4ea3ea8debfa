import { paths } from '~/shared/routes';
import {
  contactLink,
  LEGAL_LAST_UPDATED,
  type LegalDocument,
  link,
  list,
  paragraph,
  retentionTable,
  subsection,
} from './legal-document';

export const gdprCompliance: LegalDocument = {
  title: 'GDPR Compliance',
  summary:
    'How Tandem meets the General Data Protection Regulation: your rights, how to make a request, our response times, transfers, retention and client agreements.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'our-commitment',
      title: 'Our Commitment',
      blocks: [
        paragraph(
          'The General Data Protection Regulation (GDPR) protects the personal data of people in the European Economic Area, and the UK GDPR does the same in the United Kingdom. Tandem applies their principles to everyone who uses our Services: we collect only what we need, use it for clear purposes, keep it no longer than necessary, protect it, and let you see and control it.',
        ),
        paragraph([
          'This page summarises how we comply. Our ',
          link('Privacy Policy', paths.privacy.getHref()),
          ' describes in full what we collect and why.',
        ]),
      ],
    },
    {
      id: 'controller-and-processor',
      title: 'Our Role: Controller and Processor',
      blocks: [
        list([
          'Tandem is the controller of the personal data of the clients, talent and visitors who use our website and portals: we decide why and how that data is used.',
          'When a client engages a Tandem remote team to handle its own customers’ or employees’ data, for example answering the client’s support emails or entering its records, Tandem acts as a processor on the client’s behalf and uses that data only on the client’s documented instructions.',
        ]),
      ],
    },
    {
      id: 'lawful-bases',
      title: 'Lawful Bases for Processing',
      blocks: [
        paragraph('We process personal data only when one of the GDPR’s lawful bases applies:'),
        list([
          'Contract: running your account, matching clients and talent, delivering managed team services and invoicing.',
          'Legitimate interests: securing the Services, preventing fraud, improving our Services and business-to-business marketing, balanced against your rights.',
          'Consent: optional analytics cookies, marketing where consent is required, and background checks. Withdrawing consent is as easy as giving it.',
          'Legal obligation: keeping financial records and answering lawful requests from authorities.',
        ]),
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights Under the GDPR',
      blocks: [
        list([
          'Right of access: to know whether we process your data and to receive a copy.',
          'Right to rectification: to have inaccurate data corrected and incomplete data completed.',
          'Right to erasure: to have your data deleted when we no longer have a reason to keep it.',
          'Right to restriction: to have us pause processing while, for example, a correction is checked.',
          'Right to data portability: to receive the data you gave us in a structured, machine-readable format, or have it sent to another provider.',
          'Right to object: to processing based on legitimate interests, and at any time to direct marketing.',
          'Rights around automated decisions: not to be subject to decisions with legal or similarly significant effects made solely by automated means. A person reviews every AI-assisted ranking or grading before a decision about you is made.',
          'Right to withdraw consent: at any time, without affecting processing carried out before.',
        ]),
      ],
    },
    {
      id: 'making-a-request',
      title: 'How to Make a Request',
      blocks: [
        paragraph([
          'Send your request through our ',
          contactLink,
          ' with the subject “Privacy request”, using the email address linked to your account if you have one. Tell us which right you want to exercise and, if it helps, which data it concerns.',
        ]),
        subsection('What happens next', [
          list([
            'We confirm that we received your request and may ask you to verify your identity, so that we never give your data to someone else.',
            'We answer within one month of receiving your request.',
            'If a request is complex, or you have sent several, we may extend that period by two further months. If we do, we tell you within the first month and explain why.',
            'Requests are free of charge. Only for requests that are manifestly unfounded or excessive may we charge a reasonable fee or decline, and we will explain our reasons.',
          ]),
        ]),
      ],
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      blocks: [
        paragraph('We keep personal data only as long as necessary for the purpose it was collected for:'),
        retentionTable,
      ],
    },
    {
      id: 'international-transfers',
      title: 'International Transfers',
      blocks: [
        paragraph(
          'Our teams work from the United States and the Philippines, so personal data from Europe is transferred outside the European Economic Area. We protect these transfers with the European Commission’s Standard Contractual Clauses (and the UK addendum for UK data), assess the laws of the destination country, and add technical safeguards such as encryption in transit and strict access controls.',
        ),
      ],
    },
    {
      id: 'security-and-training',
      title: 'Security and Team Training',
      blocks: [
        list([
          'Every team member completes data protection training before working with client data, and signs a confidentiality agreement.',
          'Access follows least privilege: team members see only the systems and records their engagement needs, and access ends when the engagement does.',
          'Passwords and sign-in sessions are stored as one-way hashes, administrators use a second sign-in factor, and administrative actions are recorded in an audit log.',
          'For sensitive engagements, team members work inside the client’s own controlled systems rather than copying data to ours.',
        ]),
      ],
    },
    {
      id: 'data-breaches',
      title: 'Data Breaches',
      blocks: [
        paragraph(
          'If a personal data breach occurs, we contain it, assess the risk and, where the breach is likely to put people’s rights at risk, notify the competent supervisory authority within 72 hours of becoming aware of it. If the risk to you is high, we also tell you directly, without undue delay. When we act as a processor, we inform the client without undue delay so that it can meet its own obligations.',
        ),
      ],
    },
    {
      id: 'client-agreements',
      title: 'Data Processing Agreements for Clients',
      blocks: [
        paragraph(
          'Clients whose engagements involve personal data receive a data processing agreement that meets Article 28 of the GDPR. It sets out the subject and duration of the processing, our security measures, the sub-processors we use, how we help you answer your own data subject requests, and how data is returned or deleted when the engagement ends. Ask your account manager for a copy.',
        ),
      ],
    },
    {
      id: 'complaints',
      title: 'Complaints',
      blocks: [
        paragraph(
          'If you are unhappy with how we have handled your personal data, please tell us first so that we can put it right. You also have the right to complain to the data protection supervisory authority in the country where you live or work, or where you believe the problem occurred.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact Us',
      blocks: [
        paragraph([
          'For any question about the GDPR or your personal data, write to us through our ',
          contactLink,
          ' with the subject “Privacy request”. Our ',
          link('Cookie Policy', paths.cookies.getHref()),
          ' explains the cookies we set and how to change your choice.',
        ]),
      ],
    },
  ],
};
