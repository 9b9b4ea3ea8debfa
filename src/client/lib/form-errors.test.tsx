import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { ApiError } from './api-client';
import { applyServerError, messagesOf, toFieldErrors } from './form-errors';

// A sign-up-like form whose submit fails with `failure`, showing the helper's banner.
function ProfileForm({ failure }: { failure: unknown }) {
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm({ defaultValues: { name: '', email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(() => {
    setBanner(applyServerError(form, failure, { fields: ['name', 'email'], fallback: 'No answer. Try again.' }));
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {banner && <p role="alert">{banner}</p>}
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} />}
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

async function submit(failure: unknown) {
  render(<ProfileForm failure={failure} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
}

describe('applyServerError', () => {
  it('puts each field message next to its field, focuses the first, and leaves the banner empty', async () => {
    await submit(
      new ApiError(400, {
        error: 'Please correct these fields: email, name.',
        code: 'validation',
        fields: { email: 'This email is taken.', name: 'Too short.' },
      }),
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Too short.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is taken.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives a message about part of a field to that field ("email.0" → email)', async () => {
    await submit(new ApiError(400, { error: 'x', code: 'validation', fields: { 'email.0': 'Not an address.' } }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Not an address.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence when a message names a field the form does not have', async () => {
    await submit(
      new ApiError(400, {
        error: 'Please correct these fields: email, plan.',
        code: 'validation',
        fields: { email: 'This email is taken.', plan: 'Choose a plan.' },
      }),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is taken.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct these fields: email, plan.');
  });

  it('shows the server’s sentence for a refusal without fields', async () => {
    await submit(new ApiError(403, { error: 'Confirm your email address first.', code: 'forbidden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Confirm your email address first.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the fallback when the request got no answer', async () => {
    await submit(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('No answer. Try again.');
  });
});

describe('toFieldErrors and messagesOf', () => {
  it('nest the rules’ dotted fields, lists at their root, and read the messages back in order', () => {
    const errors = toFieldErrors(
      { name: 'Give it a name.', questions: 'Add one.', 'questions.1.settings.rows': 'Add a row.' },
      ['questions'],
    );
    expect(errors).toMatchObject({
      name: { message: 'Give it a name.' },
      questions: { root: { message: 'Add one.' }, 1: { settings: { rows: { message: 'Add a row.' } } } },
    });
    expect(messagesOf(errors)).toEqual(['Give it a name.', 'Add a row.', 'Add one.']);
    expect(messagesOf((errors.questions as unknown[] | undefined)?.[0])).toEqual([]);
  });
});
