// Open positions at Tandem itself, the benefits of working here and the hiring process
// (docs/spec/admin-billing-and-content.md §3 "Job opening", §9: the hiring process has 4 steps).

export interface JobOpening {
  title: string;
  department: string;
  location: string;
  type: string;
  description: string;
}

interface CareerBenefit {
  title: string;
  description: string;
}

interface HiringStep {
  title: string;
  description: string;
}

export const careersEmail = 'careers@tandemteams.com';

export const jobOpenings: JobOpening[] = [
  {
    title: 'Customer Service Team Lead',
    department: 'Operations',
    location: 'Cebu City, Philippines (on site)',
    type: 'Full-time',
    description:
      'Lead a team of twelve support agents for a US e-commerce client: coach on quality, manage shift coverage and report weekly on CSAT and response times.',
  },
  {
    title: 'AI Training Specialist',
    department: 'Learning & Development',
    location: 'Manila, Philippines (hybrid)',
    type: 'Full-time',
    description:
      'Write and deliver training on prompt writing and AI tools, build client-specific prompt libraries and measure how training changes team performance.',
  },
  {
    title: 'Account Manager',
    department: 'Client Success',
    location: 'Remote (United States, Pacific Time)',
    type: 'Full-time',
    description:
      'Own a portfolio of fifteen to twenty client accounts: onboarding plans, quarterly business reviews and the day-to-day link between clients and their teams.',
  },
  {
    title: 'Talent Acquisition Specialist',
    department: 'Talent & People',
    location: 'Manila, Philippines (hybrid)',
    type: 'Full-time',
    description:
      'Source, screen and test candidates for client teams, run assessment days and keep every applicant informed from first interview to offer.',
  },
  {
    title: 'Quality Assurance Analyst',
    department: 'Quality & Compliance',
    location: 'Cebu City, Philippines (on site)',
    type: 'Full-time',
    description:
      'Review calls, tickets and processed records against client standards, run calibration sessions and turn findings into coaching plans.',
  },
  {
    title: 'Full-Stack Engineer',
    department: 'Product & Engineering',
    location: 'Remote (Philippines)',
    type: 'Contract, 6 months',
    description:
      'Build features of the Tandem client portal with TypeScript, React and PostgreSQL, from job postings and talent search to billing and reporting.',
  },
];

export const careerBenefits: CareerBenefit[] = [
  {
    title: 'Health cover from day one',
    description: 'HMO cover for you and two dependants, plus free annual check-ups and mental health support.',
  },
  {
    title: 'Paid AI training',
    description: 'Every new hire completes our AI curriculum on paid time, with certifications you keep.',
  },
  {
    title: 'Clear career paths',
    description: 'Published promotion criteria from agent to team lead to account manager, reviewed twice a year.',
  },
  {
    title: 'Night shift differential',
    description: 'Above-statutory night differential and transport allowance for overnight shifts.',
  },
  {
    title: 'Flexible and hybrid work',
    description: 'Hybrid schedules for most office roles and fully remote roles where the client allows.',
  },
  {
    title: 'Performance bonuses',
    description: 'Quarterly bonuses tied to quality and client satisfaction, not only to hours worked.',
  },
];

export const hiringSteps: HiringStep[] = [
  {
    title: 'Apply',
    description: 'Send your CV and a short note on why the role fits you. We read every application within five days.',
  },
  {
    title: 'Skills assessment',
    description: 'Take an online test for the role: writing, English proficiency and a practical task with AI tools.',
  },
  {
    title: 'Interviews',
    description: 'Meet your future manager and a team member over video, with a chance to ask them anything.',
  },
  {
    title: 'Offer and onboarding',
    description: 'Receive a written offer, then start with a paid week of induction and AI training.',
  },
];
