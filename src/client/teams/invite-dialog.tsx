import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type AssignableRole,
  assignableRoles,
  companyRoleDescriptions,
  companyRoleLabels,
  INVITATION_DAYS,
  type InviteMemberInput,
  inviteMemberSchema,
  teamTexts,
} from '~/shared/teams';
import { useInviteMember } from './api';

type InviteMemberRequest = z.output<typeof inviteMemberSchema>;

// "Invite colleague": an address and a role, each role with what it may do. Inviting a pending address
// again sends its invitation again (the server says so by answering with the same invitation).
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteMember();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<InviteMemberInput, unknown, InviteMemberRequest>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'hiring_manager' },
  });
  const { errors, isSubmitting } = form.formState;
  const roleLabelId = useId();

  function close() {
    form.reset();
    setBanner(null);
    onOpenChange(false);
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const invitation = await invite.mutateAsync(values);
      toast({
        title: 'Invitation sent',
        description: `${invitation.email} can join as ${companyRoleLabels[invitation.role]} within ${INVITATION_DAYS} days.`,
      });
      close();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['email', 'role'], fallback: teamTexts.inviteFailed }));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Invite colleague"
        description={`We email them a link to join your team. It works once, for ${INVITATION_DAYS} days.`}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                placeholder="colleague@company.com"
                {...form.register('email')}
              />
            )}
          </FormField>
          <div className="grid gap-2">
            <Label id={roleLabelId}>Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RadioGroup
                  ref={field.ref}
                  value={field.value}
                  onValueChange={field.onChange}
                  aria-labelledby={roleLabelId}
                  className="gap-3"
                >
                  {assignableRoles.map((role) => (
                    <RoleOption key={role} role={role} />
                  ))}
                </RadioGroup>
              )}
            />
            {errors.role?.message && <FieldError>{errors.role.message}</FieldError>}
          </div>
          <DialogFormFooter
            banner={banner}
            cancelLabel="Cancel"
            onCancel={close}
            submitLabel="Send Invitation"
            pendingLabel="Sending..."
            isPending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RoleOption({ role }: { role: AssignableRole }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <RadioGroupItem id={id} value={role} className="mt-0.5" aria-describedby={`${id}-description`} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer leading-snug">
          {companyRoleLabels[role]}
        </Label>
        <span id={`${id}-description`} className="text-sm text-muted-foreground">
          {companyRoleDescriptions[role]}
        </span>
      </div>
    </div>
  );
}
