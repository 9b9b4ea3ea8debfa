import { z } from 'zod';
import { type TestType, testFieldsSchema, testSchema, testStatuses, testTypeLabels, testTypes } from './assessments';

// Tests & Content Management (docs/spec/admin-billing-and-content.md §2 item 9, §3 "Test (admin)",
// §4 "Test bulk actions"): every test on the platform, the companies' and the platform's own assessments, Create
// New Test for an owner the administrator picks, bulk Archive and Delete, and a read-only view.

// The spec's two kinds: a test of skills is Technical, one read for how a person writes or speaks is
// Behavioral. A Mixed test holds questions of several kinds, so it is neither: it says Mixed.
const adminTestKinds = ['technical', 'behavioral', 'mixed'] as const;
export type AdminTestKind = (typeof adminTestKinds)[number];
export const adminTestKindLabels: Record<AdminTestKind, string> = {
  technical: 'Technical',
  behavioral: 'Behavioral',
  mixed: 'Mixed',
};
export const adminTestKindOf: Record<TestType, AdminTestKind> = {
  coding: 'technical',
  mcq: 'technical',
  mixed: 'mixed',
  language: 'behavioral',
  written: 'behavioral',
};

// How the admin screens name a test's type: the kind, then the builder's type where it says more
// ('Technical · Coding'); a Mixed test is just 'Mixed'.
export function adminTestTypeLabel(type: TestType, separator = ' · '): string {
  const kind = adminTestKindLabels[adminTestKindOf[type]];
  return kind === testTypeLabels[type] ? kind : `${kind}${separator}${testTypeLabels[type]}`;
}

// "60 min" (docs/spec/admin-billing-and-content.md §3: duration is text such as 60 min).
export const formatTestDuration = (minutes: number) => `${minutes} min`;

// GET /api/admin/tests?q=&page=&page_size= (q: the test's name or its owner's name).
export const adminTestListQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'Search for at most 200 characters.' }).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type AdminTestListQuery = z.infer<typeof adminTestListQuerySchema>;

const owner = {
  company_id: z.string(),
  company_name: z.string(),
  // One of the platform's own assessments (public to every company), not a company's test.
  is_platform: z.boolean(),
};

const adminTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(testTypes),
  kind: z.enum(adminTestKinds),
  time_limit: z.number(),
  question_count: z.number(),
  status: z.enum(testStatuses),
  // Attempts started or finished: a test that has been taken cannot be deleted.
  attempt_count: z.number(),
  created_at: z.string(),
  ...owner,
});
export type AdminTest = z.infer<typeof adminTestSchema>;

export const adminTestListSchema = z.object({
  items: z.array(adminTestSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminTestList = z.infer<typeof adminTestListSchema>;

// GET /api/admin/tests/:id: the read-only view, questions included.
export const adminTestDetailSchema = testSchema.extend(owner);
export type AdminTestDetail = z.infer<typeof adminTestDetailSchema>;

export const PLATFORM_OWNER = 'platform';
export const adminTestTexts = {
  chooseOwner: 'Choose the company that owns this test, or the platform.',
  ownerNotFound: 'This company does not exist.',
  created: 'Test created successfully',
  archivedTitle: 'Tests archived',
  deletedTitle: 'Tests deleted',
  missing: 'One of the selected tests no longer exists. Refresh the list and try again.',
  loadErrorTitle: 'Error loading tests',
  loadError: 'Failed to load tests. Please try again.',
} as const;

// What the toast says after a bulk action (docs/spec/admin-billing-and-content.md §4: the selected tests were
// archived or deleted).
export const bulkTestDoneText = (action: BulkTestAction, count: number) =>
  `${count} selected ${count === 1 ? 'test was' : 'tests were'} ${action === 'archive' ? 'archived' : 'deleted'}.`;

// The 409 of a bulk delete that includes tests already taken, naming them.
export function takenTestsText(names: string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const verb = names.length === 1 ? 'has' : 'have';
  const them = names.length === 1 ? 'it' : 'them';
  return `${list} ${verb} been taken, so nothing was deleted. Archive ${them} instead.`;
}

// POST /api/admin/tests: the company builder's fields, for the owner the administrator picks.
export const adminCreateTestSchema = testFieldsSchema.extend({
  owner: z.union([z.literal(PLATFORM_OWNER), z.uuid()], { message: adminTestTexts.chooseOwner }),
});
export type AdminCreateTestInput = z.input<typeof adminCreateTestSchema>;

// POST /api/admin/tests/archive and …/delete: the selected tests, all or none.
const bulkTestActions = ['archive', 'delete'] as const;
export type BulkTestAction = (typeof bulkTestActions)[number];
export const bulkTestSchema = z.object({
  ids: z
    .array(z.uuid({ message: 'This test does not exist.' }), { message: 'Select at least one test.' })
    .min(1, { message: 'Select at least one test.' })
    .max(100, { message: 'Select at most 100 tests at a time.' }),
});
export type BulkTestInput = z.infer<typeof bulkTestSchema>;
export const bulkTestResultSchema = z.object({ action: z.enum(bulkTestActions), count: z.number() });
export type BulkTestResult = z.infer<typeof bulkTestResultSchema>;
