import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '~/client/components/ui/use-toast';
import { DeferredToasters } from './deferred-toasters';

// The toasts of a prerendered public page, which loads no React until it has something to announce (the
// contact form's outcome): their own React root, mounted with the first.
let isMounted = false;
export function showToast(input: Parameters<typeof toast>[0]) {
  if (!isMounted) {
    isMounted = true;
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(
      <StrictMode>
        <DeferredToasters />
      </StrictMode>,
    );
  }
  toast(input);
}
