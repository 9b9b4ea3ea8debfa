// What /contact promises: hours (docs/spec/admin-billing-and-content.md §9: Monday to Friday 9 to 6, Saturday 10 to 4,
// Sunday closed), the 24-hour reply, account-manager availability (docs/spec/portal-and-public-site.md §9) and the FAQ.

interface ContactHours {
  days: string;
  hours: string;
}

interface FaqItem {
  question: string;
  answer: string;
}

// Written as the spec writes the account managers' hours (below), so the page says its hours one way.
export const contactHours: ContactHours[] = [
  { days: 'Mon-Fri', hours: '9 AM - 6 PM' },
  { days: 'Sat', hours: '10 AM - 4 PM' },
  { days: 'Sun', hours: 'Closed' },
];

export const accountManagerAvailability = 'Mon-Fri, 9 AM - 6 PM PST';

export const contactEmail = 'hello@tandemteams.com';

export const contactFaq: FaqItem[] = [
  {
    question: 'How quickly can my team start?',
    answer:
      'Most teams start within two to three weeks of the consultation. We shortlist tested candidates in the first week, you interview them, and onboarding with your tools and prompt library takes the remaining days.',
  },
  {
    question: 'Do I have to sign a long-term contract?',
    answer:
      'No. There are no long-term commitments: engagements run month to month, and you can add or reduce headcount with 30 days’ notice.',
  },
  {
    question: 'How much can we save compared with hiring locally?',
    answer:
      'Clients typically save up to 60% against the full cost of a local hire, including salary, benefits, equipment and office space. Your consultation ends with a written price for your exact team.',
  },
  {
    question: 'Who manages the team day to day?',
    answer:
      'You direct the work; we handle the rest. An in-house team lead supervises attendance, quality and coaching, and your dedicated account manager meets with you regularly to review performance.',
  },
  {
    question: 'How do you protect our data?',
    answer:
      'Team members sign confidentiality agreements, work on managed devices with access limited to the systems you approve, and complete data protection training. We can also work within your own security tools.',
  },
  {
    question: 'Can you cover nights, weekends and holidays?',
    answer:
      'Yes. Our teams provide 24/7 coverage, so we can staff overnight, weekend and holiday shifts in your time zone, or follow the sun alongside your in-house staff.',
  },
];
