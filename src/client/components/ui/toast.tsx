import { useEffect, useState, type ComponentType } from 'react';
import type { TypeOptions } from 'react-toastify';
import type * as ToastViewModule from './toast-view';

type ViewModule = typeof ToastViewModule;

/**
 * Toasts load on the first one shown: the library stays off the first page's critical path. The
 * container mounts first, then the queued toast is shown, so none is lost.
 */
let module: Promise<ViewModule> | null = null;
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const wakeups = new Set<() => void>();
let wanted = false;

const load = () => (module ??= import('./toast-view'));

/** Shows a toast for 3 s at the bottom left (above the chat button). */
export function showToast(type: TypeOptions, message: string): void {
  wanted = true;
  for (const wake of wakeups) wake();
  void Promise.all([load(), mounted]).then(([m]) => m.toast(message, { type, toastId: `${type}:${message}:${Date.now()}` }));
}

export function Toaster() {
  const [View, setView] = useState<ComponentType<{ onMount: () => void }> | null>(null);
  useEffect(() => {
    const wake = () => void load().then((m) => setView(() => m.ToastView));
    if (wanted) wake();
    wakeups.add(wake);
    return () => {
      wakeups.delete(wake);
    };
  }, []);
  return View ? <View onMount={markMounted} /> : null;
}
