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

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  summary:
    'What personal data Tandem collects from clients, talent and visitors, why we use it, who we share it with, how long we keep it and how you control it.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      blocks: [
        paragraph(
          'Tandem (“Tandem”, “we”, “us”) provides AI-trained remote teams, mainly based in the Philippines, to businesses, and runs a talent marketplace where businesses (clients) and professionals (talent, also called freelancers) find each other, post and apply for jobs, take assessments, message and meet.',
        ),
        paragraph(
          'This Privacy Policy explains what personal data we collect when you visit our website, create a client or talent account, or work with us, how we use it, and the choices you have. It applies to our website, the client, talent and administrator portals, and the services we provide through them (together, the “Services”).',
        ),
        paragraph([
          'If you are in the European Economic Area, the United Kingdom or Switzerland, our ',
          link('GDPR Compliance', paths.gdpr.getHref()),
          ' page describes your additional rights in more detail.',
        ]),
      ],
    },
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      blocks: [
        subsection('Information you give us', [
          list([
            'Account details: your name, email address, password (which we store only as a secure one-way hash), account type and, for clients, your company name and billing contact.',
            'Talent profile: your work history, skills, hourly rate, availability, certifications, portfolio and anything else you choose to add to your profile.',
            'Jobs, applications and assessments: job postings, cover letters, test answers and the scores and comments they receive.',
            'Messages and meetings: the messages you exchange through the Services and the details of meetings you schedule.',
            'Billing information: invoices, payment records and the payment method you choose. Card details are handled by our payment processor; we see only the card brand and last four digits.',
            'Enquiries: what you write to us through the contact form, including your name, email address, company and message.',
          ]),
        ]),
        subsection('Information collected automatically', [
          list([
            'Sign-in and security data: the time of each sign-in, session records, IP address and browser type, which we use to keep accounts secure and to detect abuse.',
            'Cookies: small files needed to keep you signed in and to remember your cookie choice, described in our Cookie Policy.',
            'Usage data: with your consent only, information about how pages are used, which we keep in anonymized form.',
          ]),
        ]),
        subsection('Information from others', [
          list([
            'Sign-in providers: if you sign in with Google, Apple or LinkedIn, that provider tells us your name, email address and whether the address is verified. We never receive your password for those services.',
            'Clients and talent: a client may rate work or leave feedback about talent they engaged, and talent may describe clients they worked with.',
            'Verification partners: where a role requires it and only with your permission, identity checks and background checks confirm the information you provided.',
          ]),
        ]),
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Your Information',
      blocks: [
        paragraph('We use personal data to:'),
        list([
          'create and run your account and provide the features of your account type;',
          'match clients with suitable talent, show talent profiles to clients searching for them, and show job postings to talent;',
          'recruit, train, assign and manage the remote team members who work on client engagements;',
          'process payments, issue invoices and calculate service fees;',
          'send service messages, such as sign-in confirmations, password resets, new application notices and invoice reminders;',
          'answer your enquiries and provide support through your account manager;',
          'keep the Services secure, prevent fraud and abuse, and enforce our Terms of Service;',
          'improve the Services, using aggregated or anonymized information wherever we can;',
          'send marketing emails about our services, only where you have agreed or the law allows it, with an unsubscribe link in every message; and',
          'comply with legal obligations, such as tax and accounting rules.',
        ]),
        paragraph(
          'We do not use your personal data for decisions that produce legal or similarly significant effects about you based solely on automated processing. Where AI tools help rank candidates or grade assessment answers, a person reviews the outcome before any decision is made.',
        ),
      ],
    },
    {
      id: 'legal-bases',
      title: 'Legal Bases for Processing',
      blocks: [
        paragraph('Where data protection law requires a legal basis, we rely on:'),
        list([
          'Contract: to provide the Services you signed up for, such as running your account, processing applications and invoicing.',
          'Legitimate interests: to keep the Services secure, prevent fraud, improve our Services and market to business customers, where these interests are not overridden by your rights.',
          'Consent: for optional analytics cookies, marketing emails where consent is required, and background checks. You can withdraw consent at any time.',
          'Legal obligation: to keep financial records and respond to lawful requests from authorities.',
        ]),
      ],
    },
    {
      id: 'how-we-share-information',
      title: 'How We Share Information',
      blocks: [
        paragraph('We do not sell your personal data. We share it only as follows:'),
        list([
          'Between clients and talent: when talent apply to a job or appear in a talent search, the client sees their profile, application and assessment results; when a client posts a job or messages talent, the talent sees the client’s company name and the details of the job.',
          'With our team: remote team members assigned to a client engagement, and the account manager supporting that client, see the information they need to do that work, under written confidentiality obligations.',
          'With service providers: companies that host our systems, send email, process payments and provide identity verification act on our instructions and may not use your data for their own purposes.',
          'For legal reasons: when required by law, court order or a lawful request from an authority, or to protect the rights, property or safety of our users, our team or the public.',
          'In a business transfer: if Tandem is involved in a merger, acquisition or sale of assets, personal data may transfer to the new owner, who will remain bound by this policy.',
        ]),
      ],
    },
    {
      id: 'international-transfers',
      title: 'International Data Transfers',
      blocks: [
        paragraph(
          'We operate in the United States and the Philippines, and our clients and talent are located around the world, so your personal data may be processed outside the country where you live. When we transfer personal data out of the European Economic Area, the United Kingdom or Switzerland, we use safeguards recognised by the law of those places, such as the European Commission’s Standard Contractual Clauses, together with the security measures described below.',
        ),
      ],
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      blocks: [
        paragraph(
          'We keep personal data only as long as we need it for the purposes described in this policy or as the law requires:',
        ),
        retentionTable,
        paragraph(
          'Security records such as sign-in history are kept as long as needed to protect accounts and investigate misuse. When a retention period ends, we delete the data or anonymize it so that it can no longer be linked to you.',
        ),
      ],
    },
    {
      id: 'data-security',
      title: 'How We Protect Your Data',
      blocks: [
        paragraph(
          'We use technical and organisational measures appropriate to the risk, including encryption of data in transit, passwords stored only as slow one-way hashes, sign-in sessions stored as hashes rather than readable tokens, limits on repeated sign-in attempts, a second sign-in factor for administrators, role-based access so that people see only what their role needs, and an audit log of administrative actions. Team members complete data protection training and sign confidentiality agreements before working on client data.',
        ),
        paragraph(
          'No system is perfectly secure. If a breach affects your personal data and puts your rights at risk, we will tell you and the relevant authorities as the law requires.',
        ),
      ],
    },
    {
      id: 'your-rights',
      title: 'Your Rights and Choices',
      blocks: [
        paragraph('Depending on where you live, you may have the right to:'),
        list([
          'access the personal data we hold about you and receive a copy;',
          'correct data that is inaccurate or incomplete;',
          'delete your data, subject to what the law requires us to keep;',
          'receive your data in a portable, machine-readable format;',
          'object to, or ask us to restrict, certain processing, including direct marketing; and',
          'withdraw any consent you have given, without affecting processing that took place before.',
        ]),
        paragraph([
          'You can update most profile information yourself in your account settings. For anything else, write to us through our ',
          contactLink,
          ' with the subject “Privacy request”. We answer requests within one month, and may extend that by two further months for complex or numerous requests, in which case we tell you why within the first month. We may ask you to confirm your identity before acting on a request.',
        ]),
        paragraph(
          'You can unsubscribe from marketing emails at any time with the link in each email. Service messages about your account, such as security notices and invoices, cannot be switched off while your account is open.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        paragraph([
          'We use a small number of essential cookies to keep you signed in and to remember your cookie choice, and would use optional analytics cookies only if you choose “Accept all”. Our ',
          link('Cookie Policy', paths.cookies.getHref()),
          ' lists every cookie we set and explains how to change your choice.',
        ]),
      ],
    },
    {
      id: 'children',
      title: 'Children’s Privacy',
      blocks: [
        paragraph(
          'The Services are meant for businesses and working professionals. You must be at least 16 years old to create an account or otherwise use the Services, and we do not knowingly collect personal data from anyone under 16. If we learn that we have, we delete it. If you believe a child has given us personal data, please contact us.',
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      blocks: [
        paragraph(
          'We may update this policy as our Services or the law change. The date at the top shows when it was last updated. If a change materially affects how we use your personal data, we will tell you by email or through a notice in your account before it takes effect.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact Us',
      blocks: [
        paragraph([
          'Questions about this policy or about your personal data are welcome. Write to us through our ',
          contactLink,
          ' with the subject “Privacy request” or, if you are a client, ask your dedicated account manager. Our privacy team replies to every message.',
        ]),
      ],
    },
  ],
};
