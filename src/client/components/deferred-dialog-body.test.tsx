import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredDialogBody } from './deferred-dialog-body';

describe('a dialog body whose code loads when the dialog opens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the form once its code arrives', async () => {
    const Form = lazy(async () => ({ default: () => <input aria-label="Title" /> }));
    render(
      <DeferredDialogBody>
        <Form />
      </DeferredDialogBody>,
    );
    expect(await screen.findByRole('textbox', { name: 'Title' })).toBeInTheDocument();
  });

  it('says the form could not be loaded, and offers a reload, when its code cannot be fetched', async () => {
    // React reports an error its boundary caught on the console; here that is the expected path.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Form = lazy(async (): Promise<{ default: () => null }> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    render(
      <DeferredDialogBody>
        <Form />
      </DeferredDialogBody>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This form could not be loaded. Check your connection, then reload the page.',
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});
