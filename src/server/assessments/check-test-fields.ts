import {
  checkTest,
  type NormalizedTest,
  normalizeTest,
  summarizeTestProblems,
  type TestFields,
} from '~/shared/assessments';
import { AppError } from '../platform/errors';

// The builder's rules (shared with the client), enforced: a 400 naming each field ('questions.3.options'),
// its sentence the spec's toast when a published test lacks a name, a type or questions. Returns the
// test as it is stored, a draft's gaps filled with the defaults.
export function checkTestFields(fields: TestFields): NormalizedTest {
  const problems = checkTest(fields);
  const summary = summarizeTestProblems(problems);
  if (summary) throw new AppError('validation', summary, problems);
  return normalizeTest(fields);
}
