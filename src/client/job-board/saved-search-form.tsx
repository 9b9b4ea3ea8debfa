import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import {
  alertFrequencies,
  alertFrequencyLabels,
  type SavedSearchFormInput,
  savedSearchFormSchema,
} from '~/shared/saved-searches';
import { useCreateSavedSearch, useUpdateSavedSearch } from './api';
import type { DialogTarget } from './saved-search-dialog';

// The saved search dialog's form (SavedSearchDialog loads it when the dialog opens, with its schema and
// react-hook-form): a name and how often its new jobs are emailed.
export function SavedSearchForm({ target, onDone }: { target: DialogTarget; onDone: () => void }) {
  const create = useCreateSavedSearch();
  const update = useUpdateSavedSearch();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SavedSearchFormInput>({
    defaultValues:
      target.kind === 'edit'
        ? { name: target.search.name, frequency: target.search.frequency }
        : { name: target.summary === 'All open jobs' ? '' : target.summary.slice(0, 80), frequency: 'weekly' },
    resolver: zodResolver(savedSearchFormSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setBanner(null);
    try {
      if (target.kind === 'new') {
        const saved = await create.mutateAsync({ ...input, filters: target.filters });
        toast({ title: 'Search saved', description: saved.name });
      } else {
        const saved = await update.mutateAsync({ id: target.search.id, input });
        toast({ title: 'Saved search updated', description: saved.name });
      }
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: ['name', 'frequency'],
          fallback: 'The search was not saved. Please try again.',
        }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" maxLength={120} {...form.register('name')} />}
      </FormField>
      <FormField
        label="Job alerts"
        hint="We email the open jobs posted since the last alert that match this search, and nothing when none did."
        error={errors.frequency?.message}
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('frequency')}>
            {alertFrequencies.map((frequency) => (
              <option key={frequency} value={frequency}>
                {alertFrequencyLabels[frequency]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : target.kind === 'new' ? 'Save search' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
