import { paths } from '~/shared/routes';
import {
  contactLink,
  LEGAL_LAST_UPDATED,
  type LegalDocument,
  link,
  list,
  paragraph,
  subsection,
} from './legal-document';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  summary:
    'The agreement between Tandem and the businesses and professionals who use our staffing marketplace: accounts, fees, acceptable use, liability and disputes.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      id: 'agreement',
      title: 'Agreement to These Terms',
      blocks: [
        paragraph(
          'These Terms of Service (“Terms”) are an agreement between you and Tandem (“Tandem”, “we”, “us”). They govern your use of our website, the client and talent portals, and the managed remote team and marketplace services we provide through them (together, the “Services”).',
        ),
        paragraph(
          'By creating an account or using the Services you accept these Terms. If you use the Services on behalf of a company, you confirm that you have authority to bind that company, and “you” includes the company. If you do not agree, do not use the Services.',
        ),
        paragraph(
          'A signed order form or statement of work for a managed team takes precedence over these Terms where the two conflict, but only for that engagement.',
        ),
      ],
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      blocks: [
        paragraph(
          'You must be at least 16 years old to use the Services, and old enough to enter into a binding contract where you live. Talent must also be legally allowed to offer their services from the country where they work. We may ask for proof of age, identity or work eligibility before activating features such as receiving payments.',
        ),
      ],
    },
    {
      id: 'accounts',
      title: 'Accounts',
      blocks: [
        paragraph(
          'There are two kinds of account, with different features. You choose one when you sign up; if you both hire and offer services, you need a separate account for each.',
        ),
        subsection('Client accounts', [
          paragraph(
            'For businesses that hire. A client account can post jobs, create assessments for applicants, search and shortlist talent, review applications, message talent, schedule meetings, manage billing and invoices, and work with a dedicated account manager.',
          ),
        ]),
        subsection('Freelancer (talent) accounts', [
          paragraph(
            'For professionals who offer their services. A talent account can build a profile, search and save jobs, apply with a cover letter, take assessments, message clients, attend meetings and track applications.',
          ),
        ]),
        subsection('Keeping your account secure', [
          list([
            'Give accurate, current information and keep it up to date.',
            'Keep your password confidential and do not share your account; each account is for one person or one company.',
            'Tell us straight away through our contact form if you suspect unauthorised use. You are responsible for activity under your account until you do.',
          ]),
        ]),
      ],
    },
    {
      id: 'services',
      title: 'Our Services',
      blocks: [
        paragraph(
          'Tandem offers two ways to work with remote professionals. In a managed engagement, we recruit, train and manage a dedicated remote team for a client under an order form, with an account manager responsible for its performance. In the marketplace, clients and talent find each other directly, agree the scope of work, and use the Services to communicate, assess and pay.',
        ),
        paragraph(
          'Talent engaged through the marketplace are independent professionals, not employees of Tandem, and decide how to perform the work they agree to. Tandem verifies information where it says it does, such as identity checks and assessment scores, but does not guarantee the outcome of any engagement arranged through the marketplace.',
        ),
        paragraph(
          'We continually improve the Services and may change, add or remove features. We will give reasonable notice before removing a feature you rely on in a paid engagement.',
        ),
      ],
    },
    {
      id: 'fees-and-payment',
      title: 'Fees and Payment',
      blocks: [
        list([
          'Service fees: Tandem charges service fees on completed transactions. Fees vary by account type (client or talent) and by volume, and the fee that applies is shown to you before you commit to a transaction.',
          'Managed teams: fees for a managed team are set out in the order form, usually as hourly or monthly rates plus a platform fee, and are invoiced in arrears.',
          'Invoices: invoices are payable by the due date shown on them, by card, bank transfer or a supported digital wallet. Prices exclude taxes, which are added where the law requires.',
          'Late payment: if an invoice is overdue, we may pause the related services after giving you notice, until it is paid.',
          'Disputes about charges: raise them within 30 days of the invoice date through your account manager or our contact form, and we will investigate in good faith.',
        ]),
        paragraph(
          'Talent are paid for completed work as agreed with the client, less the applicable service fee. Clients and talent agree not to arrange payment outside the Services for work that started through them.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use',
      blocks: [
        paragraph('When using the Services, you must not:'),
        list([
          'post false, misleading or discriminatory job postings, profiles or reviews;',
          'ask talent to perform illegal work, or work that breaches the rights of others;',
          'harass, threaten or abuse anyone, or send unsolicited bulk messages;',
          'upload malware, probe or overload our systems, or try to get around security or rate limits;',
          'scrape, copy or resell data from the Services, including talent profiles, except as the Services allow;',
          'use someone else’s account, or create accounts in another person’s name; or',
          'use the Services in a way that breaks any law, including data protection and employment law.',
        ]),
        paragraph(
          'We may remove content that breaches these Terms, and suspend or close accounts involved, as described below.',
        ),
      ],
    },
    {
      id: 'content-and-ip',
      title: 'Your Content and Intellectual Property',
      blocks: [
        paragraph(
          'You keep ownership of what you post, such as job descriptions, profiles, messages and assessment questions. You give Tandem a non-exclusive, worldwide licence to host, display and process that content only as needed to run and promote the Services, for example to show a job posting to talent or a profile to clients.',
        ),
        paragraph(
          'Unless the client and talent agree otherwise in writing, the client owns the work product it pays for once payment is complete. In a managed engagement, work produced by Tandem team members for the client belongs to the client on payment.',
        ),
        paragraph(
          'The Services themselves, including our software, training materials, brand and website content, belong to Tandem and its licensors. These Terms do not give you any right to them beyond using the Services.',
        ),
      ],
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      blocks: [
        paragraph(
          'Each party will keep confidential the non-public business information the other shares, use it only for the engagement it was shared for, and protect it with at least reasonable care. Tandem team members working on client engagements sign confidentiality agreements. Our Privacy Policy explains how we handle personal data.',
        ),
      ],
    },
    {
      id: 'third-party-services',
      title: 'Third-Party Services',
      blocks: [
        paragraph(
          'You can sign in with Google, Apple or LinkedIn and connect tools such as calendars. Those services are governed by their own terms and privacy policies, and Tandem is not responsible for them.',
        ),
      ],
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      blocks: [
        paragraph(
          'Except as expressly stated in these Terms or an order form, the Services are provided “as is” and “as available”. To the extent the law allows, we disclaim all implied warranties, including merchantability, fitness for a particular purpose and non-infringement. We do not promise that the Services will be uninterrupted or error-free, or that any client or talent will meet your expectations.',
        ),
      ],
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of Liability',
      blocks: [
        paragraph(
          'To the extent the law allows, neither party is liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data. Each party’s total liability arising out of these Terms is limited to the fees paid or payable to Tandem by you in the 12 months before the event giving rise to the claim. These limits do not apply to fraud, to amounts you owe us, or to liability that cannot be limited by law.',
        ),
      ],
    },
    {
      id: 'indemnification',
      title: 'Indemnification',
      blocks: [
        paragraph(
          'You will defend and indemnify Tandem against third-party claims arising from your content, your breach of these Terms, or your violation of the law or of someone else’s rights, and pay the resulting damages and reasonable costs.',
        ),
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and Termination',
      blocks: [
        paragraph(
          'You may close your account at any time from your settings or by contacting us; amounts already owed remain payable, and a managed engagement ends as its order form provides. We may suspend or close an account that breaches these Terms, puts other users or the Services at risk, or is required to be closed by law. Where possible we give notice and a chance to fix the problem first.',
        ),
        paragraph(
          'Sections that by their nature should survive, such as fees owed, intellectual property, confidentiality, limitation of liability and dispute resolution, continue after an account is closed.',
        ),
      ],
    },
    {
      id: 'disputes',
      title: 'Governing Law and Dispute Resolution',
      blocks: [
        paragraph(
          'These Terms are governed by the laws of the State of Delaware, United States, without regard to its conflict-of-law rules.',
        ),
        paragraph(
          'If a dispute arises, contact us first: most problems are solved by a conversation with your account manager or our support team. Any dispute that cannot be resolved informally will be settled by binding arbitration, administered by the American Arbitration Association under its Commercial Arbitration Rules, before a single arbitrator. Disputes are resolved on an individual basis; class and representative actions are not permitted. Either party may bring an individual claim in small claims court, or seek an injunction in court to protect intellectual property or confidential information.',
        ),
        paragraph(
          'Nothing in this section removes rights that the consumer protection law of your country gives you and that cannot be waived by contract.',
        ),
      ],
    },
    {
      id: 'changes',
      title: 'Changes to These Terms',
      blocks: [
        paragraph(
          'We may update these Terms. The date at the top shows the latest version. We will tell you about material changes by email or in your account at least 30 days before they take effect; if you keep using the Services after that, you accept the updated Terms.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact Us',
      blocks: [
        paragraph([
          'Questions about these Terms are welcome through our ',
          contactLink,
          '. Our ',
          link('Privacy Policy', paths.privacy.getHref()),
          ' and ',
          link('Cookie Policy', paths.cookies.getHref()),
          ' also apply to your use of the Services.',
        ]),
      ],
    },
  ],
};
