import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store is module state: each test gets a fresh copy.
async function loadStore() {
  vi.resetModules();
  return import('./use-toast');
}

describe('the notification queue (docs/spec/portal-and-public-site.md §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one notification at a time: a new one replaces the current', async () => {
    const store = await loadStore();
    store.toast({ title: 'Draft saved' });
    store.toast({ title: 'Job published!', variant: 'default' });
    const snapshot = captureQueue(store);
    expect(snapshot).toHaveLength(store.TOAST_LIMIT);
    expect(snapshot[0]).toMatchObject({ title: 'Job published!', open: true });
  });

  it('closes a dismissed notification and removes it after 1,000,000 ms', async () => {
    const store = await loadStore();
    const { dismiss } = store.toast({
      title: 'Error',
      description: 'Failed to send message. Please try again.',
      variant: 'destructive',
    });
    dismiss();
    expect(captureQueue(store)[0]).toMatchObject({ open: false });
    vi.advanceTimersByTime(store.TOAST_REMOVE_DELAY_MS - 1);
    expect(captureQueue(store)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(captureQueue(store)).toHaveLength(0);
    expect(store.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});

function captureQueue(store: typeof import('./use-toast')) {
  return store.getToastQueue();
}
