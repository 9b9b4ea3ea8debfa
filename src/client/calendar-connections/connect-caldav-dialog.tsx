import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { notify } from '~/client/components/ui/notify';
import { applyServerError } from '~/client/lib/form-errors';
import {
  type CalDavPresetId,
  type CalendarConnection,
  type ConnectCalDavInput,
  calDavPresets,
  connectCalDavSchema,
  type ReconnectCalDavInput,
  reconnectCalDavSchema,
  calendarConnectionTexts as texts,
} from '~/shared/calendar-connections';
import { useConnectCalDav, useReconnectCalDav } from './api';

const presetOf = (id: CalDavPresetId) => calDavPresets.find((preset) => preset.id === id) ?? calDavPresets[0];

// Connect a CalDAV calendar: a service chosen from the presets fills its address and says where its password comes
// from (iCloud and Fastmail take an app-specific password, never the account's own); the server is tried before
// anything is saved, so a refused password shows at the password.
export function ConnectCalDavDialog({ onClose }: { onClose: () => void }) {
  const connect = useConnectCalDav();
  const [banner, setBanner] = useState<string | null>(null);
  const [presetId, setPresetId] = useState<CalDavPresetId>('icloud');
  const preset = presetOf(presetId);
  const form = useForm<ConnectCalDavInput>({
    resolver: zodResolver(connectCalDavSchema),
    defaultValues: { server_url: preset.serverUrl, username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const choosePreset = (id: CalDavPresetId) => {
    setPresetId(id);
    form.setValue('server_url', presetOf(id).serverUrl);
    form.clearErrors('server_url');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await connect.mutateAsync(values);
      notify.success(texts.connected);
      onClose();
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['server_url', 'username', 'password'], fallback: texts.actionFailed }),
      );
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-lg"
        title="Connect a calendar"
        description="iCloud, Fastmail, Nextcloud and other CalDAV servers. Your password is stored encrypted and used only to read your busy times and write your meetings."
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Calendar service" hint={preset.help}>
            {(control) => (
              <NativeSelect
                {...control}
                value={presetId}
                onChange={(event) => choosePreset(event.target.value as CalDavPresetId)}
              >
                {calDavPresets.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Server address" error={errors.server_url?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                {...form.register('server_url')}
              />
            )}
          </FormField>
          <FormField label="User name" error={errors.username?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                {...form.register('username')}
              />
            )}
          </FormField>
          <FormField
            label={presetId === 'icloud' ? 'App-specific password' : 'Password or app password'}
            error={errors.password?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                {...form.register('password')}
              />
            )}
          </FormField>
          <DialogFormFooter
            banner={banner}
            cancelLabel="Cancel"
            onCancel={onClose}
            submitLabel="Connect"
            pendingLabel="Connecting..."
            isPending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Reconnect a CalDAV account whose server refused the password: the same account, a new password.
export function ReconnectCalDavDialog({
  connection,
  onClose,
}: {
  connection: CalendarConnection;
  onClose: () => void;
}) {
  const reconnect = useReconnectCalDav();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ReconnectCalDavInput>({
    resolver: zodResolver(reconnectCalDavSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await reconnect.mutateAsync({ id: connection.id, input: values });
      notify.success(texts.reconnected);
      onClose();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['password'], fallback: texts.actionFailed }));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-lg"
        title={`Reconnect ${connection.account_name}`}
        description="Enter a new password or app password for this account. Your calendar choices stay as they are."
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Password or app password" error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="off"
                spellCheck={false}
                {...form.register('password')}
              />
            )}
          </FormField>
          <DialogFormFooter
            banner={banner}
            cancelLabel="Cancel"
            onCancel={onClose}
            submitLabel="Reconnect"
            pendingLabel="Reconnecting..."
            isPending={isSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
