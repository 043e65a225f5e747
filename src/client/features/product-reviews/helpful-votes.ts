/**
 * The reviews this browser found helpful, with the count the server answered to the vote, kept in
 * localStorage so "Was this helpful?" stays answered after a reload. The server's count is what
 * matters (one vote per device cookie); this remembers which buttons to show as done, and a count
 * at least as high as that answer: a product page the server kept from before the vote still
 * carries the count without it. The newest 500 are kept.
 */
const KEY = 'nasma-helpful-reviews';
const KEEP = 500;

/** Review id → the count the server answered to this device's vote (none when storage is unavailable). */
export function votedReviews(): Map<number, number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(stored.filter((pair): pair is [number, number] => Array.isArray(pair) && pair.every(Number.isInteger)));
  } catch {
    return new Map();
  }
}

/** Remembers a vote for review `id`, and the count the server answered. */
export function rememberVote(id: number, helpful: number): void {
  try {
    const votes = votedReviews();
    votes.delete(id);
    votes.set(id, helpful);
    localStorage.setItem(KEY, JSON.stringify([...votes].slice(-KEEP)));
  } catch {
    // Private mode or a full storage: the button is still done for this visit.
  }
}
