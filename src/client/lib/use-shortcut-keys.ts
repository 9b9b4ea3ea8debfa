import { useEffect, useRef } from 'react';

// Single-letter shortcuts for a page (GitHub's style): a key works only when the person is not typing
// (no text field, select or editable area has the focus), holds no modifier, and no menu or dialog is
// open to take the key for itself.

const TYPING_TARGETS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const KEY_OWNERS = '[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]';

function isShortcutEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.isComposing) return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  const target = event.target;
  if (target instanceof Element && (target.closest(TYPING_TARGETS) || target.closest(KEY_OWNERS))) return false;
  return true;
}

// keys: lower-case letter → action.
export function useShortcutKeys(keys: Record<string, () => void>) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  }, [keys]);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (!isShortcutEvent(event)) return;
      const action = latest.current[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
