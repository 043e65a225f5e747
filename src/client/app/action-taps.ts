import type { Middleware } from '@reduxjs/toolkit';

/** Something told of every action once it has been reduced, with the state after it. */
export type ActionTap = (action: unknown, state: unknown) => void;

const taps = new Set<ActionTap>();

/**
 * Adds a tap while a part loaded later needs one (measurement, once the shopper accepted it);
 * returns its removal. The toasts are this middleware's fixed cousin (toast-listener.ts).
 */
export function tapActions(tap: ActionTap): () => void {
  taps.add(tap);
  return () => taps.delete(tap);
}

export const actionTapMiddleware: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  for (const tap of taps) tap(action, api.getState());
  return result;
};
