import { zodResolver } from '@hookform/resolvers/zod';
import { PencilIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type AccountManager,
  type AccountManagerFormValues,
  accountManagerFormSchema,
  accountManagerStatusLabels,
  accountManagerTexts,
  addAccountManagerFormSchema,
  parseSpecialties,
} from '~/shared/account-managers';
import { accountManagerStatuses } from '~/shared/admin';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { possessive } from '~/shared/possessive';
import { useCreateAccountManager, useUpdateAccountManager } from './api';

export type ManagerDialogState =
  | { mode: 'view' | 'edit'; manager: AccountManager }
  | { mode: 'add'; manager?: undefined }
  | null;

const SAVE_FAILED = 'The account manager could not be saved. Please try again.';
const formFields = ['name', 'email', 'status', 'specialties', 'bio'] as const;

const formatJoinDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

// One dialog, three modes (docs/spec/admin-billing-and-content.md §4): view → Edit → edit; Save or Cancel go
// back to view. Add uses the same form and, once saved, shows the new manager.
export function AccountManagerDialog({
  state,
  onStateChange,
}: {
  state: ManagerDialogState;
  onStateChange: (state: ManagerDialogState) => void;
}) {
  const close = (open: boolean) => {
    if (!open) onStateChange(null);
  };
  const title =
    state?.mode === 'add' ? 'Add Manager' : state?.mode === 'edit' ? 'Edit Manager' : (state?.manager.name ?? '');
  const description =
    state?.mode === 'add'
      ? 'They get an email with a link to choose a password, then sign in to their own portal.'
      : state?.mode === 'edit'
        ? `Change ${possessive(state.manager.name)} details. Separate specialties with commas.`
        : state?.manager.email;

  return (
    <Dialog open={state !== null} onOpenChange={close}>
      {state && (
        <DialogContent title={title} description={description} className="max-w-xl">
          {state.mode === 'view' ? (
            <ManagerDetails
              manager={state.manager}
              onEdit={() => onStateChange({ mode: 'edit', manager: state.manager })}
            />
          ) : (
            <ManagerForm
              key={`${state.mode}-${state.manager?.id ?? 'new'}`}
              manager={state.manager}
              onSaved={(manager) => onStateChange({ mode: 'view', manager })}
              onCancel={() => onStateChange(state.manager ? { mode: 'view', manager: state.manager } : null)}
            />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ManagerDetails({ manager, onEdit }: { manager: AccountManager; onEdit: () => void }) {
  return (
    <>
      <div className="flex items-center gap-3">
        <ProfilePhoto name={manager.name} src={null} size="medium" />
        <div className="grid gap-1">
          <Badge variant={manager.status === 'active' ? 'success' : 'warning'} className="w-fit">
            {accountManagerStatusLabels[manager.status]}
          </Badge>
          {!manager.has_password && (
            <p className="text-xs text-muted-foreground">Invitation sent; no password chosen yet.</p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Companies">{manager.total_companies}</Fact>
        <Fact label="Employees">{manager.total_employees}</Fact>
        <Fact label={monthlyRevenueTexts.label}>{formatCents(manager.monthly_revenue_cents)}</Fact>
        <Fact label="Joined">{formatJoinDate(manager.join_date)}</Fact>
      </dl>
      <dl className="grid gap-3">
        <Fact label="Specialties">
          {manager.specialties.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {manager.specialties.map((specialty) => (
                <Badge key={specialty} variant="secondary">
                  {specialty}
                </Badge>
              ))}
            </span>
          ) : (
            'None listed'
          )}
        </Fact>
        <Fact label="Bio">{manager.bio || 'No bio yet.'}</Fact>
      </dl>
      <DialogFooter>
        <Button onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      </DialogFooter>
    </>
  );
}

function ManagerForm({
  manager,
  onSaved,
  onCancel,
}: {
  manager?: AccountManager;
  onSaved: (manager: AccountManager) => void;
  onCancel: () => void;
}) {
  const isAdding = !manager;
  const create = useCreateAccountManager();
  const update = useUpdateAccountManager();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<AccountManagerFormValues>({
    defaultValues: {
      name: manager?.name ?? '',
      email: manager?.email ?? '',
      status: manager?.status ?? 'active',
      specialties: manager?.specialties.join(', ') ?? '',
      bio: manager?.bio ?? '',
    },
    resolver: zodResolver(isAdding ? addAccountManagerFormSchema : accountManagerFormSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    const profile = {
      name: values.name.trim(),
      status: values.status,
      specialties: parseSpecialties(values.specialties),
      bio: values.bio.trim(),
    };
    try {
      if (manager) {
        const saved = await update.mutateAsync({ id: manager.id, input: profile });
        toast({ title: accountManagerTexts.saved, description: accountManagerTexts.savedDescription });
        onSaved(saved);
      } else {
        const created = await create.mutateAsync({ ...profile, email: values.email.trim() });
        toast({
          title: accountManagerTexts.added,
          description: `We emailed ${created.email} a link to choose a password.`,
        });
        onSaved(created);
      }
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: formFields, fallback: SAVE_FAILED }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField
          label="Email"
          error={errors.email?.message}
          hint={isAdding ? undefined : 'The manager changes their sign-in address in their own settings.'}
        >
          {(control) => (
            <Input {...control} type="email" autoComplete="off" readOnly={!isAdding} {...form.register('email')} />
          )}
        </FormField>
      </div>
      <FormField label="Status" error={errors.status?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('status')}>
            {accountManagerStatuses.map((status) => (
              <option key={status} value={status}>
                {accountManagerStatusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Specialties" hint="Separate them with commas." error={errors.specialties?.message}>
        {(control) => (
          <Input {...control} placeholder="Technology, SaaS, Healthcare" {...form.register('specialties')} />
        )}
      </FormField>
      <FormField label="Bio" error={errors.bio?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={2000} {...form.register('bio')} />}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onCancel}
        submitLabel={isAdding ? 'Add Manager' : 'Save'}
        pendingLabel="Saving..."
        isPending={isSubmitting}
      />
    </form>
  );
}
