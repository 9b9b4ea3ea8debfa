import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button, type ButtonProps } from '~/client/components/ui/button';

export const discardChangesTexts = {
  title: 'Discard your changes?',
  description: 'What you changed on this form has not been saved. If you leave now, it is lost.',
  confirm: 'Discard Changes',
  keep: 'Keep Editing',
} as const;

// Leaving a changed form asks first; an unchanged one is left at once. `leave(goBack)` runs goBack now
// or after the person confirms; render `dialog` once beside the form.
export function useDiscardChanges(hasChanges: boolean) {
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  const leave = (goBack: () => void) => {
    if (hasChanges) setPendingLeave(() => goBack);
    else goBack();
  };

  const dialog = (
    <ConfirmDialog
      open={pendingLeave !== null}
      onOpenChange={(open) => {
        if (!open) setPendingLeave(null);
      }}
      title={discardChangesTexts.title}
      description={discardChangesTexts.description}
      confirmLabel={discardChangesTexts.confirm}
      cancelLabel={discardChangesTexts.keep}
      destructive
      onConfirm={() => {
        setPendingLeave(null);
        pendingLeave?.();
      }}
    />
  );

  return { leave, dialog };
}

interface CancelLinkProps {
  to: string;
  hasChanges: boolean;
  variant?: ButtonProps['variant'];
}

// A form's Cancel: a link (it goes somewhere), which asks before dropping changes.
export function CancelLink({ to, hasChanges, variant = 'outline' }: CancelLinkProps) {
  const navigate = useNavigate();
  const { leave, dialog } = useDiscardChanges(hasChanges);
  return (
    <>
      <Button variant={variant} asChild>
        <Link
          to={to}
          onClick={(event) => {
            if (!hasChanges) return;
            event.preventDefault();
            leave(() => navigate(to));
          }}
        >
          Cancel
        </Link>
      </Button>
      {dialog}
    </>
  );
}
