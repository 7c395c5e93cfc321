import { useSyncExternalStore } from 'react';

/** Spec §9: one toast at a time, 5000 ms each, swipe 50 px to close, F8 moves focus to the toasts. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];
/** Spec §8: a dismissed toast is removed after 1,000,000 ms (a newer toast replaces it before then). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
  /** Milliseconds; TOAST_DURATION_MS unless given. */
  duration?: number | undefined;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function scheduleRemoval(id: number) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(items.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast (or all of them). */
export function dismissToast(id?: number) {
  emit(items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of items) if (!item.open) scheduleRemoval(item.id);
}

/**
 * Shows a toast from anywhere (components, event handlers, query callbacks). Only the newest one stays: an
 * earlier toast is replaced. Returns the toast's id for dismissToast.
 */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  emit([{ ...options, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

const EMPTY: ToastItem[] = [];

/** The toasts in the store now (what useToasts renders). */
export function getToasts(): ToastItem[] {
  return items;
}

/** The toasts to show now (newest first, at most TOAST_LIMIT). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getToasts, () => EMPTY);
}
