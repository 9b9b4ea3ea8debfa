import { type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import type { ToastVariant } from './toast';

// docs/spec/portal-and-public-site.md §4, §9: one notification visible at a time; a new one replaces it; a
// dismissed one is kept (closed) for 1,000,000 ms before it is removed from the queue.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ReactElement;
}

interface QueuedToast extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let queue: QueuedToast[] = [];
let isViewportRequested = false;
let nextId = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: QueuedToast[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(queue.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const item of queue) {
    if (id === undefined || item.id === id) scheduleRemoval(item.id);
  }
  publish(queue.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(input: ToastInput) {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...queue].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

// The portal keeps the notification area mounted (so F8 always finds it); public pages mount it
// with their first toast.
export function requestToastViewport() {
  if (isViewportRequested) return;
  isViewportRequested = true;
  publish(queue);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToastQueue = () => queue;
const getServerSnapshot = (): QueuedToast[] => [];

export function useToastQueue() {
  return useSyncExternalStore(subscribe, getToastQueue, getServerSnapshot);
}

export function useIsToastViewportNeeded() {
  return useSyncExternalStore(
    subscribe,
    () => isViewportRequested || queue.length > 0,
    () => false,
  );
}
