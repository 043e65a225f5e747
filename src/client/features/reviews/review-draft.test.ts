// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, forgetDraft, hasContent, loadDraft, saveDraft, type ReviewDraft } from './review-draft';

const draft = (over: Partial<ReviewDraft> = {}): ReviewDraft => ({
  rating: '4',
  title: 'Lovely',
  body: 'It fills the flat for hours.',
  displayName: 'Mona A.',
  ...over,
});
const day = 24 * 60 * 60 * 1000;

afterEach(() => localStorage.clear());

describe('a review draft', () => {
  it('is kept per order number and line, and read back as typed', () => {
    saveDraft('NSM-100123', 7, draft());
    saveDraft('NSM-100123', 8, draft({ rating: '2', body: 'Too faint for me.' }));
    saveDraft('NSM-100999', 7, draft({ title: 'Other order' }));
    expect(loadDraft('NSM-100123', 7)).toEqual(draft());
    expect(loadDraft('NSM-100123', 8)).toMatchObject({ rating: '2', body: 'Too faint for me.' });
    expect(loadDraft('NSM-100999', 7)?.title).toBe('Other order');
    expect(localStorage.getItem(draftKey('NSM-100123', 7))).toContain('Lovely');
  });

  it('is forgotten after sending, and not kept while nothing is chosen or typed', () => {
    saveDraft('NSM-1', 1, draft());
    forgetDraft('NSM-1', 1);
    expect(loadDraft('NSM-1', 1)).toBeNull();
    // The prefilled name alone is no draft; clearing what was typed removes the kept one.
    saveDraft('NSM-1', 2, draft());
    saveDraft('NSM-1', 2, draft({ rating: '', title: ' ', body: '' }));
    expect(localStorage.getItem(draftKey('NSM-1', 2))).toBeNull();
    expect(hasContent({ rating: '', title: '', body: '' })).toBe(false);
    expect(hasContent({ rating: '5', title: '', body: '' })).toBe(true);
  });

  it('is dropped once older than the review window', () => {
    const then = Date.UTC(2026, 0, 1);
    saveDraft('NSM-2', 1, draft(), then);
    expect(loadDraft('NSM-2', 1, then + 59 * day)).toEqual(draft());
    expect(loadDraft('NSM-2', 1, then + 61 * day)).toBeNull();
    expect(localStorage.getItem(draftKey('NSM-2', 1))).toBeNull();
  });

  it('survives a broken or tampered entry: unreadable ones are removed, odd fields are left out', () => {
    localStorage.setItem(draftKey('NSM-3', 1), '{not json');
    expect(loadDraft('NSM-3', 1)).toBeNull();
    expect(localStorage.getItem(draftKey('NSM-3', 1))).toBeNull();
    localStorage.setItem(draftKey('NSM-3', 2), JSON.stringify({ at: Date.now(), values: { rating: '9', title: 42, body: 'Kept text', displayName: null } }));
    expect(loadDraft('NSM-3', 2)).toEqual({ rating: '', title: '', body: 'Kept text', displayName: '' });
  });
});
