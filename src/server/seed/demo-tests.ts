import { and, eq } from 'drizzle-orm';
import type { QuestionInput } from '~/shared/assessments';
import type { Database } from '../db/client';
import { companyMembers, testFavorites, tests, users } from '../db/schema';
import { DEMO_PASSWORD } from './demo-accounts';
import type { DemoSeeder } from './demo-seeder';
import { buildAccount } from './factories';
import { takeDemoAttempt } from './take-demo-attempt';
import { buildTest, type TestOverrides } from './test-factories';

const DEMO_COMPANY_EMAIL = 'company@tandem.test';

// Applicants who have taken the demo company's tests, besides the demo applicant account.
const demoTestTakers = [
  { email: 'talent@tandem.test', name: 'Jonas Reyes' },
  { email: 'amara.nwosu@tandem.test', name: 'Amara Nwosu' },
  { email: 'luis.ortega@tandem.test', name: 'Luis Ortega' },
  { email: 'mei.tanaka@tandem.test', name: 'Mei Tanaka' },
] as const;
type TakerEmail = (typeof demoTestTakers)[number]['email'];

interface DemoAttempt {
  taker: TakerEmail;
  status: 'assigned' | 'started' | 'submitted' | 'graded';
  // About the score the answers earn (they are given and graded for real).
  score?: number;
  daysAgo: number;
}

interface DemoTest {
  fields: Omit<TestOverrides, 'companyId' | 'questions'> & { name: string };
  questions: QuestionInput[];
  daysSinceEdit: number;
  favorite?: boolean;
  attempts: DemoAttempt[];
}

const virtualAssistantQuestions: QuestionInput[] = [
  {
    type: 'short-answer',
    question: 'Which keyboard shortcut undoes the last action on Windows?',
    answer_key: ['Ctrl+Z', 'Ctrl Z', 'Control+Z'],
  },
  {
    type: 'paragraph',
    question: 'A client asks you to book a flight that exceeds their travel budget. Write your reply.',
    points: 4,
    use_ai: true,
    rubric: [
      'budget (2)',
      'alternative | option | instead (2)',
      'dates | airline | fare class',
      'would you like | do you prefer | which | confirm',
    ].join('\n'),
  },
  {
    type: 'multiple-choice',
    question: 'Two meetings overlap on your manager’s calendar. What do you do first?',
    options: ['Decline the later one', 'Ask your manager which takes priority', 'Move both to next week', 'Do nothing'],
    answer_key: 'Ask your manager which takes priority',
    points: 2,
  },
  {
    type: 'checkboxes',
    question: 'Which of these belong in a meeting invitation?',
    options: ['Agenda', 'Video link', 'Attendees’ home addresses', 'Time zone'],
    answer_key: ['Agenda', 'Video link', 'Time zone'],
    points: 2,
  },
  {
    type: 'dropdown',
    question: 'Which tool is a shared spreadsheet?',
    options: ['Google Sheets', 'Slack', 'Zoom', 'Calendly'],
    answer_key: 'Google Sheets',
  },
  { type: 'file-upload', question: 'Upload a sample itinerary you have prepared (PDF or DOCX).', points: 3 },
  {
    type: 'linear-scale',
    question: 'How comfortable are you managing several inboxes at once?',
    settings: { scale_min: 1, scale_max: 5, min_label: 'Not comfortable', max_label: 'Very comfortable' },
  },
  { type: 'rating', question: 'Rate your written English.', settings: { stars: 5 } },
  {
    type: 'multiple-choice-grid',
    question: 'Match each task to the tool you would use.',
    settings: {
      rows: ['Schedule a call', 'Share a file', 'Track expenses'],
      columns: ['Calendly', 'Dropbox', 'Expensify'],
    },
    answer_key: { 'Schedule a call': 'Calendly', 'Share a file': 'Dropbox', 'Track expenses': 'Expensify' },
    points: 3,
  },
  {
    type: 'checkbox-grid',
    question: 'Which channels suit which messages?',
    settings: { rows: ['Urgent outage', 'Monthly report'], columns: ['Phone', 'Email', 'Chat'] },
    answer_key: { 'Urgent outage': ['Phone', 'Chat'], 'Monthly report': ['Email'] },
    points: 2,
  },
  {
    type: 'date',
    question: 'A contract signed on 2026-03-02 runs 30 days from signing. On what date does it end?',
    answer_key: '2026-04-01',
  },
  {
    type: 'time',
    question: 'A call is at 9:00 AM in New York (UTC-5). What time is it in UTC? Answer on a 24-hour clock.',
    answer_key: '14:00',
  },
];

export const demoTests: DemoTest[] = [
  {
    fields: {
      name: 'React Front-End Fundamentals',
      type: 'coding',
      description: 'Components, hooks and rendering: what a mid-level React developer uses every day.',
      timeLimitMinutes: 45,
      passRate: 70,
    },
    daysSinceEdit: 3,
    favorite: true,
    questions: [
      {
        type: 'multiple-choice',
        question: 'Which hook runs code after a component renders?',
        options: ['useMemo', 'useEffect', 'useRef', 'useId'],
        answer_key: 'useEffect',
      },
      {
        type: 'checkboxes',
        question: 'Which of these cause a component to render again?',
        options: ['Its state changes', 'Its props change', 'A ref’s .current changes', 'Its parent renders'],
        answer_key: ['Its state changes', 'Its props change', 'Its parent renders'],
        points: 2,
      },
      {
        type: 'short-answer',
        question: 'What prop must each item of a rendered list have?',
        answer_key: ['key'],
      },
      {
        type: 'dropdown',
        question: 'Where should data fetching live in a TanStack Query app?',
        options: ['In a query function', 'In the render body', 'In a CSS file'],
        answer_key: 'In a query function',
      },
      {
        type: 'paragraph',
        question: 'Explain when you would lift state up, and when you would reach for context instead.',
        points: 4,
        use_ai: true,
        rubric: [
          'lift state | lifting state | common parent (2)',
          'context (2)',
          'prop drilling | re-render | rerender',
          'sibling | shared',
        ].join('\n'),
      },
    ],
    attempts: [
      { taker: 'talent@tandem.test', status: 'graded', score: 88, daysAgo: 12 },
      { taker: 'amara.nwosu@tandem.test', status: 'graded', score: 72, daysAgo: 9 },
      { taker: 'luis.ortega@tandem.test', status: 'graded', score: 64, daysAgo: 6 },
      { taker: 'mei.tanaka@tandem.test', status: 'submitted', daysAgo: 1 },
    ],
  },
  {
    fields: {
      name: 'Customer Support Writing',
      type: 'language',
      description: 'Tone, clarity and empathy in written replies to customers.',
      timeLimitMinutes: 40,
      passRate: 75,
    },
    daysSinceEdit: 8,
    questions: [
      {
        type: 'paragraph',
        question: 'A customer’s order arrived damaged and they are angry. Write your first reply.',
        points: 5,
        use_ai: true,
        rubric: [
          'sorry | apologise | apologize | apologies (2)',
          'frustrating | understand | frustration',
          'replacement | refund | replace (2)',
          'within | by tomorrow | today | next step',
        ].join('\n'),
      },
      {
        type: 'short-answer',
        question: 'Rewrite “Your request cannot be processed” in a friendlier way.',
        points: 2,
        use_ai: true,
        rubric: ['you can | please | happy to (2)', 'next | instead | try'].join('\n'),
      },
      {
        type: 'multiple-choice',
        question: 'Which sign-off suits a formal complaint reply?',
        options: ['Cheers!', 'Kind regards,', 'Later,', 'xoxo'],
        answer_key: 'Kind regards,',
      },
      { type: 'rating', question: 'Rate your confidence writing in English.', settings: { stars: 10 } },
      {
        type: 'linear-scale',
        question: 'How many tickets an hour can you answer well?',
        settings: { scale_min: 0, scale_max: 10, min_label: 'None', max_label: 'Ten or more' },
      },
    ],
    attempts: [
      { taker: 'amara.nwosu@tandem.test', status: 'graded', score: 91, daysAgo: 15 },
      { taker: 'mei.tanaka@tandem.test', status: 'graded', score: 83, daysAgo: 4 },
    ],
  },
  {
    fields: {
      name: 'Bookkeeping Basics',
      type: 'mcq',
      description: 'Debits, credits and reconciliations for finance and accounting support.',
      timeLimitMinutes: 30,
      passRate: 80,
    },
    daysSinceEdit: 20,
    questions: [
      {
        type: 'multiple-choice',
        question: 'Paying a supplier invoice in cash: which account is credited?',
        options: ['Cash', 'Accounts payable', 'Revenue', 'Inventory'],
        answer_key: 'Cash',
      },
      {
        type: 'multiple-choice',
        question: 'Which statement shows a company’s assets and liabilities at a date?',
        options: ['Income statement', 'Balance sheet', 'Cash flow statement'],
        answer_key: 'Balance sheet',
      },
      {
        type: 'checkboxes',
        question: 'Which are current assets?',
        options: ['Accounts receivable', 'Office building', 'Inventory', 'Long-term loan'],
        answer_key: ['Accounts receivable', 'Inventory'],
        points: 2,
      },
      {
        type: 'dropdown',
        question: 'How often should the bank account be reconciled at minimum?',
        options: ['Daily', 'Monthly', 'Yearly'],
        answer_key: 'Monthly',
      },
      {
        type: 'date',
        question: 'A quarter ends on March 31, 2026. Enter the last day of the next quarter.',
        answer_key: '2026-06-30',
      },
    ],
    attempts: [
      { taker: 'luis.ortega@tandem.test', status: 'graded', score: 79, daysAgo: 18 },
      { taker: 'talent@tandem.test', status: 'graded', score: 58, daysAgo: 16 },
    ],
  },
  {
    fields: {
      name: 'Virtual Assistant Skills',
      type: 'mixed',
      description: 'Scheduling, communication and everyday tools: every kind of question the builder offers.',
      timeLimitMinutes: 60,
      passRate: 70,
    },
    daysSinceEdit: 1,
    questions: virtualAssistantQuestions,
    attempts: [
      { taker: 'mei.tanaka@tandem.test', status: 'graded', score: 95, daysAgo: 5 },
      { taker: 'talent@tandem.test', status: 'graded', score: 77, daysAgo: 2 },
      { taker: 'luis.ortega@tandem.test', status: 'assigned', daysAgo: 0 },
    ],
  },
  {
    fields: {
      name: 'Data Entry Accuracy',
      type: 'mcq',
      description: 'Work in progress: answer keys still to be set.',
      isActive: false,
    },
    daysSinceEdit: 0,
    questions: [
      {
        type: 'multiple-choice',
        question: 'Which entry matches “Smith, John — 03/04/2026” in ISO format?',
        options: ['2026-03-04', '2026-04-03', '04-03-2026', ''],
      },
      { type: 'short-answer', question: 'Type the invoice number shown in the attached scan.' },
    ],
    attempts: [],
  },
  {
    fields: {
      name: 'jQuery Essentials (retired)',
      type: 'coding',
      description: 'Replaced by React Front-End Fundamentals; kept because candidates took it.',
      timeLimitMinutes: 30,
      passRate: 65,
    },
    daysSinceEdit: 90,
    questions: [
      {
        type: 'multiple-choice',
        question: 'Which method attaches a click handler in jQuery?',
        options: ['.on("click", …)', '.click = …', '.listen("click")'],
        answer_key: '.on("click", …)',
      },
    ],
    attempts: [{ taker: 'talent@tandem.test', status: 'graded', score: 70, daysAgo: 80 }],
  },
];
const ARCHIVED_DEMO_TEST = 'jQuery Essentials (retired)';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

async function findOrCreateTaker(db: Database, taker: (typeof demoTestTakers)[number]) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, taker.email));
  if (existing) return { id: existing.id, created: false };
  const { user } = await buildAccount(db, {
    role: 'applicant',
    email: taker.email,
    name: taker.name,
    password: DEMO_PASSWORD,
    emailVerified: true,
  });
  return { id: user.id, created: true };
}

// The demo company's skills tests: published ones of each builder type, one covering all twelve
// question types, a draft, an archived test, a favourite, and graded attempts so Attempts and the
// average score show. A test that already exists (by name) is left as it is.
export const demoTestsSeeder: DemoSeeder = {
  name: 'demo tests',
  async seed({ db }) {
    const [company] = await db
      .select({ companyId: companyMembers.companyId, userId: users.id })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, DEMO_COMPANY_EMAIL));
    if (!company) return { created: 0 };
    let created = 0;
    const takerIds = new Map<TakerEmail, string>();
    for (const taker of demoTestTakers) {
      const { id, created: isNew } = await findOrCreateTaker(db, taker);
      takerIds.set(taker.email, id);
      if (isNew) created++;
    }
    for (const demo of demoTests) {
      const [existing] = await db
        .select({ id: tests.id })
        .from(tests)
        .where(and(eq(tests.companyId, company.companyId), eq(tests.name, demo.fields.name)));
      if (existing) continue;
      const editedAt = daysAgo(demo.daysSinceEdit);
      const { test } = await buildTest(db, {
        ...demo.fields,
        companyId: company.companyId,
        createdById: company.userId,
        createdAt: daysAgo(demo.daysSinceEdit + 30),
        updatedAt: editedAt,
        archivedAt: demo.fields.name === ARCHIVED_DEMO_TEST ? editedAt : null,
        questions: demo.questions,
      });
      created++;
      if (demo.favorite) {
        await db.insert(testFavorites).values({ userId: company.userId, testId: test.id }).onConflictDoNothing();
      }
      for (const attempt of demo.attempts) {
        const applicantId = takerIds.get(attempt.taker);
        if (!applicantId) continue;
        await takeDemoAttempt({
          db,
          testId: test.id,
          applicantId,
          graderCompanyId: company.companyId,
          graderId: company.userId,
          status: attempt.status,
          aim: attempt.score ?? 50,
          daysAgo: attempt.daysAgo,
        });
        created++;
      }
    }
    return { created };
  },
};
