import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { toFieldErrors } from '~/client/lib/form-errors';
import {
  checkTest,
  DEFAULT_PASS_RATE,
  DEFAULT_TIME_LIMIT,
  draftTestDefaults,
  PASS_RATE_MAX,
  PASS_RATE_MIN,
  TEST_NAME_MAX_LENGTH,
  type Test,
  type TestInput,
  type TestType,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
  testTexts,
  testTypes,
} from '~/shared/assessments';
import type { QuestionContent } from './question-content';

// The builder's "Test information" fields as typed, and the payload of /api/tests made from them and the
// question list.

export const DESCRIPTION_MAX = 5000;

// A blank number field takes its default (docs/spec/portal-and-public-site.md §5: 60 minutes, 70 percent);
// anything else must be a whole number in range.
const wholeNumberField = (min: number, max: number, fallback: number, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), {
      message,
    })
    .transform((value) => (value === '' ? fallback : Number(value)));

export const testFormSchema = z.object({
  name: z.string().trim().max(TEST_NAME_MAX_LENGTH, { message: testTexts.nameTooLong }),
  // Empty until chosen: Create Test asks for it, a draft becomes 'mixed'.
  type: z.union([z.enum(testTypes), z.literal('')]),
  time_limit: wholeNumberField(TIME_LIMIT_MIN, TIME_LIMIT_MAX, DEFAULT_TIME_LIMIT, testTexts.timeLimitRange),
  pass_rate: wholeNumberField(PASS_RATE_MIN, PASS_RATE_MAX, DEFAULT_PASS_RATE, testTexts.passRateRange),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { message: `The description can be at most ${DESCRIPTION_MAX} characters.` }),
});
type TestFormValues = z.input<typeof testFormSchema>;
type TestFormOutput = z.output<typeof testFormSchema>;
export const testFormFields = ['name', 'type', 'time_limit', 'pass_rate', 'description'] as const;

export function testFormValues(test?: Test): TestFormValues {
  return {
    name: test?.name ?? '',
    type: test?.type ?? '',
    time_limit: String(test?.time_limit ?? DEFAULT_TIME_LIMIT),
    pass_rate: String(test?.pass_rate ?? DEFAULT_PASS_RATE),
    description: test?.description ?? '',
  };
}

// The payload: published (is_active true) or a draft (false) whose missing name and type take the spec's
// defaults; never public (docs/spec/portal-and-public-site.md §4).
export function toTestInput(
  values: TestFormOutput,
  questions: readonly QuestionContent[],
  { isActive }: { isActive: boolean },
): TestInput {
  const type: TestType = values.type || draftTestDefaults.type;
  return {
    name: values.name || draftTestDefaults.name,
    description: values.description,
    type,
    time_limit: values.time_limit,
    pass_rate: values.pass_rate,
    questions: questions.map((question) => ({ ...question })),
    is_active: isActive,
    is_public: false,
  };
}

// The whole builder as one react-hook-form form: the information fields and the list of questions.
export type TestBuilderValues = TestFormValues & { questions: QuestionContent[] };
export type TestBuilderOutput = TestFormOutput & { questions: QuestionContent[] };

export function testBuilderValues(test?: Test, questions: QuestionContent[] = []): TestBuilderValues {
  return { ...testFormValues(test), questions };
}

// The builder's resolver: the information fields as typed (testFormSchema), then the contract's own
// rules (checkTest, which the server runs too) for a published test or a draft, as `isPublishing` says.
// A missing name, type or question also sets root.required: the spec's notification tells that.
export function testBuilderResolver(
  isPublishing: () => boolean,
): Resolver<TestBuilderValues, unknown, TestBuilderOutput> {
  return (values) => {
    const info = testFormSchema.safeParse(values);
    const problems: Record<string, string> = {};
    for (const issue of info.error?.issues ?? []) problems[issue.path.join('.')] ??= issue.message;
    const publishing = isPublishing();
    const rules = checkTest(
      {
        name: values.name,
        type: values.type || null,
        // A number refused above has its message already; the rules check the rest.
        time_limit: info.data?.time_limit ?? DEFAULT_TIME_LIMIT,
        pass_rate: info.data?.pass_rate ?? DEFAULT_PASS_RATE,
        is_active: publishing,
        is_public: false,
        questions: values.questions,
      },
      { publishing },
    );
    for (const [field, message] of Object.entries(rules)) problems[field] ??= message;
    if (info.success && Object.keys(problems).length === 0) {
      return { values: { ...info.data, questions: values.questions }, errors: {} };
    }
    const errors = toFieldErrors<TestBuilderValues>(problems, ['questions']);
    if ('name' in rules || 'type' in rules || 'questions' in rules) {
      errors.root = { required: { type: 'required', message: testTexts.requiredFields } };
    }
    return { values: {}, errors };
  };
}

// A server message for one question's field ('questions.2.answer_key') → its index and field.
export function questionFieldOf(field: string): { index: number; field: string } | null {
  const match = /^questions\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!match) return null;
  return { index: Number(match[1]), field: match[2] ?? 'question' };
}
