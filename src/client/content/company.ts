// Who Tandem is: the About Us page's copy and the figures the spec fixes (docs/spec/admin-billing-and-content.md §1).

interface CompanyFigure {
  value: string;
  label: string;
}

interface CompanyValue {
  title: string;
  description: string;
}

export const companyFigures: CompanyFigure[] = [
  { value: '500+', label: 'Businesses served' },
  { value: '4.9/5', label: 'Average rating' },
  { value: '98%', label: 'Client retention' },
  { value: '50+', label: 'Industries served' },
  { value: '24/7', label: 'Coverage' },
];

export const companyStory = [
  'Tandem builds AI-augmented outsourced teams for businesses that need more hands without more overhead. Our people work mainly from the Philippines, where a deep pool of college-educated, English-fluent professionals has powered customer operations for global brands for more than two decades.',
  'We started Tandem because outsourcing had not kept up with how work changed. Clients were handed agents who had never used the AI tools their own staff relied on. So we made AI training the foundation: every Tandem professional learns prompt writing, AI-assisted research and the automation features of the software our clients run, before they ever join a team.',
  'Today we run customer service, data entry, virtual assistance, finance, marketing, development and sales teams for more than 500 businesses, from five-person startups to multi-site healthcare groups.',
];

export const companyMission =
  'Give every growing business a team that is skilled, AI-fluent and dependable, at a cost that lets them hire before they are stretched thin, and give talented Filipino professionals careers with real growth.';

export const companyValues: CompanyValue[] = [
  {
    title: 'Ownership',
    description:
      'We treat your targets as ours. Team leads review quality daily and fix problems before you have to raise them.',
  },
  {
    title: 'Transparency',
    description:
      'You see who works on your account, what they did and how they performed, with no hidden subcontracting.',
  },
  {
    title: 'Continuous learning',
    description:
      'AI tools change monthly, so our training does too. Every team member completes new modules each quarter.',
  },
  {
    title: 'Care for people',
    description:
      'Fair pay, health cover and clear career paths keep our people with us, which is why clients keep them too.',
  },
];

interface Differentiator {
  title: string;
  description: string;
}

// How AI training changes what a client gets, against traditional outsourcing.
export const aiDifferentiators: Differentiator[] = [
  {
    title: 'A prompt library built for your business',
    description:
      'During onboarding we write and test the prompts your team uses for replies, summaries and data checks, so AI output matches your policies and tone from the first shift.',
  },
  {
    title: 'Trained on the tools you already run',
    description:
      'Agents practise on the AI features of your help desk, CRM, spreadsheets and accounting software, not on generic demos, so there is no slow start.',
  },
  {
    title: 'People check every AI output',
    description:
      'AI drafts, people decide. Two-step reviews are how our data teams reach 99.8% accuracy and our support teams answer up to 40% faster.',
  },
  {
    title: 'Savings that compound',
    description:
      'A smaller, AI-fluent team handles the volume of a larger traditional one, which is how clients save up to 60% against hiring locally.',
  },
];
