import { PhoneCallIcon } from 'lucide-react';
import { lazy, useState } from 'react';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '~/client/components/ui/dialog';

// The form, the day picker and the meeting checks load when the dialog opens (decision 037).
const ScheduleCallBody = lazy(() =>
  import('./schedule-call-form').then((module) => ({ default: module.ScheduleCallBody })),
);

// Schedule Call on the company dashboard's Account Manager card: a check-in with the company's
// account manager, who answers it like any invitation. `manager` names them in the description; the
// form reads who they are and their zone itself, to show the time on both sides.
export function ScheduleCallButton({ manager }: { manager?: { name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PhoneCallIcon aria-hidden="true" />
          Schedule Call
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Schedule Call"
        description={`A check-in call with ${manager?.name ?? 'your account manager'}. They are asked to accept it.`}
      >
        {open && (
          <DeferredDialogBody>
            <ScheduleCallBody onDone={() => setOpen(false)} />
          </DeferredDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
