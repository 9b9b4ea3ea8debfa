import { CircleCheckIcon } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { applyServerError } from '~/client/lib/form-errors';

export type Feedback = { kind: 'success' | 'error'; message: string } | null;

const unexpectedFailure = 'An error occurred. Please try again.';

// Runs a settings form's request and keeps what to say afterwards: the server's success message, its
// field errors next to the fields, or its error in the section's banner.
export function useFormFeedback<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  fields: readonly Path<Values>[],
) {
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function run(action: () => Promise<string>) {
    setFeedback(null);
    try {
      setFeedback({ kind: 'success', message: await action() });
    } catch (error) {
      const message = applyServerError(form, error, { fields, fallback: unexpectedFailure });
      if (message) setFeedback({ kind: 'error', message });
    }
  }

  return { feedback, run };
}

export function FeedbackMessage({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  if (feedback.kind === 'error') return <Alert variant="destructive">{feedback.message}</Alert>;
  return (
    <Alert variant="success">
      <CircleCheckIcon aria-hidden="true" />
      <p>{feedback.message}</p>
    </Alert>
  );
}
