/**
 * Words of one direction inside a sentence of the other (decision 050): a phone number, an order
 * number, a code, a price or a Latin name inside Arabic text. Without isolation the browser orders
 * the parts of "+20 100 555 0123" right to left ("0123 555 100 +20"), and a Latin name takes the
 * punctuation after it to its own side. Unicode's isolates keep such words whole, in their own order,
 * and let the sentence around them flow in its own.
 */

/** Left-to-right isolate: for what always reads left to right (a phone number, an e-mail address). */
export const ltrIsolate = (text: string): string => `\u2066${text}\u2069`;

/** First-strong isolate: the words keep the direction of their first letter (an Arabic name stays right to left). */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** True when `text` is already wrapped in an isolate (LRI, RLI or FSI ... PDI). */
const isolated = (text: string): boolean => /^[\u2066-\u2068][\s\S]*\u2069$/.test(text);

/** A single number ("3", "4.5", "1,250") needs no isolate: its digits stay in order in either direction. */
const plainNumber = /^\d+(?:[.,]\d+)*$/;

/**
 * A value filled into a sentence of a right-to-left language, isolated unless nothing in it can be
 * reordered (empty, a single number, or already isolated). The shop's translator fills every
 * `{{value}}` of an Arabic text through this, so every page and message gets it without asking.
 */
export function isolateInRtl(value: string): string {
  return value === '' || plainNumber.test(value) || isolated(value) ? value : isolate(value);
}
