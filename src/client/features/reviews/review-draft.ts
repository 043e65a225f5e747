import { REVIEW_WINDOW_DAYS } from '../../../shared/domain/reviews';

/** What the buyer has typed for one order line, every field as text (`rating` is '' or '1'…'5'). */
export interface ReviewDraft {
  rating: string;
  title: string;
  body: string;
  displayName: string;
}

const PREFIX = 'review-draft';
/** A draft older than the review window cannot be sent any more: it is dropped when read. */
const KEEP_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The localStorage key of one line's draft: by order number and line id, so two orders never mix. */
export const draftKey = (number: string, lineId: number): string => `${PREFIX}:${number}:${lineId}`;

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** True when the draft holds something the buyer chose or typed (the prefilled name alone is not a draft). */
export function hasContent(draft: Pick<ReviewDraft, 'rating' | 'title' | 'body'>): boolean {
  return draft.rating !== '' || draft.title.trim() !== '' || draft.body.trim() !== '';
}

/**
 * The kept draft of a line, or null: none, unreadable, from another shape, or older than the review
 * window (`now` in ms since the epoch). Each field is read on its own, so a draft written by an
 * older page still gives back what it can.
 */
export function loadDraft(number: string, lineId: number, now = Date.now()): ReviewDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(draftKey(number, lineId));
  } catch {
    return null; // storage refused (private mode, blocked site data)
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { at?: unknown; values?: Record<string, unknown> } | null;
    const values = kept?.values;
    if (!values || typeof values !== 'object' || typeof kept.at !== 'number' || now - kept.at > KEEP_MS) {
      forgetDraft(number, lineId);
      return null;
    }
    const rating = typeof values.rating === 'string' && /^[1-5]$/.test(values.rating) ? values.rating : '';
    // Generous caps: the form's own limits show the error; these only keep a tampered entry small.
    const draft = { rating, title: text(values.title, 1000), body: text(values.body, 10_000), displayName: text(values.displayName, 500) };
    return hasContent(draft) ? draft : null;
  } catch {
    forgetDraft(number, lineId);
    return null;
  }
}

/** Keeps a line's draft as typed; a draft with nothing chosen or typed is removed instead. */
export function saveDraft(number: string, lineId: number, values: ReviewDraft, now = Date.now()): void {
  try {
    if (!hasContent(values)) localStorage.removeItem(draftKey(number, lineId));
    else localStorage.setItem(draftKey(number, lineId), JSON.stringify({ at: now, values }));
  } catch {
    /* storage full or refused: the form still works, it just is not kept */
  }
}

/** Forgets a line's draft (after its review was sent). */
export function forgetDraft(number: string, lineId: number): void {
  try {
    localStorage.removeItem(draftKey(number, lineId));
  } catch {
    /* storage refused: nothing was kept */
  }
}
