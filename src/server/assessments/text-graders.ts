import { parseRubric, type RubricCriterion } from '~/shared/assessments';
import type { Config } from '../config';
import type { TextGrade, TextGrader, TextGradingRequest } from '../platform/text-grader';
import { roundPoints } from './grade-answer';

// Grades a short-answer or paragraph answer against its question's rubric. The default runs here with no
// network; a hosted language model can stand in when configured (AI_GRADER_URL and AI_GRADER_API_KEY).

// "Running", "runs" and "run" meet at "run"; enough for keywords in short answers without a stemmer.
function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

// Lower case, accents removed, words kept with the signs that make names (c++, c#, node.js, ci/cd).
function wordsOf(value: string): string[] {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean)
    .map(stem);
}

function containsPhrase(answerWords: string[], phrase: string): boolean {
  const phraseWords = wordsOf(phrase);
  if (phraseWords.length === 0) return false;
  for (let start = 0; start + phraseWords.length <= answerWords.length; start += 1) {
    if (phraseWords.every((word, offset) => answerWords[start + offset] === word)) return true;
  }
  return false;
}

const describeCriterion = (criterion: RubricCriterion) => `“${criterion.phrases.join('” or “')}” (${criterion.weight})`;

// Scores by the rubric's weighted keywords the answer contains, and says which it found and missed.
export function gradeByRubric({ rubric, answer, points }: TextGradingRequest): TextGrade {
  const criteria = parseRubric(rubric);
  if (criteria.length === 0) {
    return { points: null, explanation: 'The rubric names no keywords to look for, so a person grades this answer.' };
  }
  const answerWords = wordsOf(answer);
  const found = criteria.filter((criterion) => criterion.phrases.some((phrase) => containsPhrase(answerWords, phrase)));
  const missing = criteria.filter((criterion) => !found.includes(criterion));
  const total = criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  const earned = found.reduce((sum, criterion) => sum + criterion.weight, 0);
  const awarded = roundPoints((earned / total) * points);
  const parts = [
    found.length > 0 ? `Found ${found.map(describeCriterion).join(', ')}.` : 'Found none of the rubric’s keywords.',
    missing.length > 0 ? `Missing ${missing.map(describeCriterion).join(', ')}.` : null,
    `${earned} of ${total} rubric weight: ${awarded} of ${points} points.`,
  ];
  return { points: awarded, explanation: parts.filter(Boolean).join(' ') };
}

export function createRubricGrader(): TextGrader {
  return { name: 'rubric', grade: async (request) => gradeByRubric(request) };
}

const HOSTED_TIMEOUT_MS = 20_000;

interface HostedGraderOptions {
  url: string;
  apiKey: string;
  model: string;
  fetchImpl?: typeof fetch;
}

// An OpenAI-compatible chat completions endpoint, asked for JSON {"points", "explanation"}. Anything it
// answers is clamped to the question's points; when it fails, the rubric grader decides and says so.
export function createHostedGrader({ url, apiKey, model, fetchImpl = fetch }: HostedGraderOptions): TextGrader {
  return {
    name: 'hosted',
    async grade(request) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          signal: AbortSignal.timeout(HOSTED_TIMEOUT_MS),
          body: JSON.stringify({
            model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              {
                role: 'system',
                content:
                  'You grade one answer of a skills test against its rubric. Reply with JSON only: ' +
                  '{"points": <number from 0 to the maximum>, "explanation": "<one or two sentences for the company>"}.',
              },
              {
                role: 'user',
                content: JSON.stringify({
                  question: request.question,
                  rubric: request.rubric,
                  maximum_points: request.points,
                  answer: request.answer,
                }),
              },
            ],
          }),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
        const content = JSON.parse(body.choices?.[0]?.message?.content ?? '') as {
          points?: unknown;
          explanation?: unknown;
        };
        if (typeof content.points !== 'number' || !Number.isFinite(content.points)) throw new Error('no points');
        const explanation = typeof content.explanation === 'string' ? content.explanation.slice(0, 2000) : '';
        return {
          points: roundPoints(Math.min(Math.max(content.points, 0), request.points)),
          explanation: explanation || 'Graded by the hosted model.',
        };
      } catch {
        const fallback = gradeByRubric(request);
        return {
          ...fallback,
          explanation: `The hosted grader did not answer, so the rubric decided. ${fallback.explanation}`,
        };
      }
    },
  };
}

export function createTextGrader(config: Pick<Config, 'AI_GRADER_URL' | 'AI_GRADER_API_KEY' | 'AI_GRADER_MODEL'>) {
  if (config.AI_GRADER_URL && config.AI_GRADER_API_KEY) {
    return createHostedGrader({
      url: config.AI_GRADER_URL,
      apiKey: config.AI_GRADER_API_KEY,
      model: config.AI_GRADER_MODEL,
    });
  }
  return createRubricGrader();
}
