import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';

interface DialogFormFooterProps {
  // The server's sentence that belongs to no field.
  banner: string | null;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  // "Scheduling...": the submit button while the request runs.
  pendingLabel: string;
  isPending: boolean;
  destructive?: boolean;
}

// The end of a form in a dialog: what went wrong, then the way out and the way forward.
export function DialogFormFooter({
  banner,
  cancelLabel,
  onCancel,
  submitLabel,
  pendingLabel,
  isPending,
  destructive = false,
}: DialogFormFooterProps) {
  return (
    <>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
