import { type ScreeningAnswer, screeningTexts } from '~/shared/screening-questions';

// The job's screening questions as they were asked, each with the applicant's answer.
export function ScreeningAnswers({ answers }: { answers: readonly ScreeningAnswer[] }) {
  return (
    <dl className="grid gap-3 text-sm">
      {answers.map((answer) => (
        <div key={answer.question_id} className="grid gap-1">
          <dt className="font-medium break-words">{answer.question}</dt>
          <dd className={answer.answer ? 'break-words whitespace-pre-line' : 'text-muted-foreground italic'}>
            {answer.answer || screeningTexts.noAnswer}
          </dd>
        </div>
      ))}
    </dl>
  );
}
