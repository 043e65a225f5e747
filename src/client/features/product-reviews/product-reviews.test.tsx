// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { renderWithShop, stubApi } from '../../testing/shop-render';
import type { ProductReviews, PublicReview } from '../../../shared/schemas/review';
import { firstReviewsArgs, reviewsApi } from './reviews-api';
import { ReviewSummary } from './review-summary';
import { ReviewItem } from './review-item';
import ReviewsTab from './reviews-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The shop's API answering `answer`'s body; the requests it got, as "METHOD /path?query". */
function serve(answer: (url: URL, method: string) => unknown) {
  const calls = stubApi((call) => ({ body: answer(call.url, call.method) }));
  return { asked: () => calls.map((c) => `${c.method} ${c.path}`) };
}

const review = (over: Partial<PublicReview> & { id: number }): PublicReview => ({
  rating: 5,
  title: 'Smells like a spring morning',
  body: 'Two sprays and the room smells of orange blossom.',
  displayName: 'Mona A.',
  language: 'en',
  publishedAt: '2026-03-01T10:00:00.000Z',
  photos: [],
  reply: null,
  helpful: 3,
  ...over,
});

const page = (items: PublicReview[], over: Partial<ProductReviews> = {}): ProductReviews => ({
  summary: { average: 3.8, count: 6, stars: [1, 0, 1, 1, 3] },
  items,
  total: 6,
  page: 1,
  pageSize: 5,
  ...over,
});

describe('ReviewSummary', () => {
  it('shows the average to one decimal, the count, and a bar per number of stars from 5 to 1, each a named meter', () => {
    renderWithShop(<ReviewSummary summary={{ average: 3.8, count: 6, stars: [1, 0, 1, 1, 3] }} />);
    expect(screen.getByTestId('review-average').textContent).toBe('3.8');
    expect(screen.getByTestId('review-count').textContent).toBe('6 reviews');
    const list = screen.getByRole('list', { name: 'Reviews by number of stars' });
    const meters = within(list).getAllByRole('meter');
    expect(meters.map((m) => m.getAttribute('aria-label'))).toEqual(['5 stars', '4 stars', '3 stars', '2 stars', '1 star']);
    expect(meters.map((m) => m.getAttribute('aria-valuenow'))).toEqual(['3', '1', '1', '0', '1']);
    expect(meters.map((m) => m.getAttribute('aria-valuetext'))).toEqual(['3 reviews', '1 review', '1 review', '0 reviews', '1 review']);
    expect(meters.every((m) => m.getAttribute('aria-valuemax') === '6')).toBe(true);
    // Each bar is as long as its share of the reviews.
    expect(meters.map((m) => Math.round(parseFloat((m.firstElementChild as HTMLElement).style.width) * 10) / 10)).toEqual([50, 16.7, 16.7, 0, 16.7]);
  });
});

describe('ReviewItem', () => {
  it("shows an Arabic review right to left on an English page, in its own language, while the page's words stay English", () => {
    renderWithShop(
      <ReviewItem review={review({ id: 7, language: 'ar', title: 'رائحة جميلة', body: 'رائحة هادئة.\nتدوم طوال اليوم.', displayName: 'منى ع.', rating: 4 })} />,
    );
    const text = screen.getByTestId('review-text');
    expect(text.getAttribute('lang')).toBe('ar');
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(within(text).getByRole('heading', { level: 3 }).textContent).toBe('رائحة جميلة');
    // The review's frame is the page's: English, not marked Arabic.
    const article = screen.getByTestId('review');
    expect(article.getAttribute('lang')).toBeNull();
    expect(article.getAttribute('dir')).toBeNull();
    expect(within(article).getByText('Verified buyer')).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
  });

  it('shows an English review left to right, and its text as plain text with its line breaks (no HTML, no links)', () => {
    renderWithShop(
      <ReviewItem
        review={review({ id: 8, body: 'Lovely <b>scent</b>.\nSee https://example.com/x', reply: { text: 'Thank you!', at: '2026-03-02T09:00:00.000Z' } })}
      />,
    );
    const text = screen.getByTestId('review-text');
    expect(text.getAttribute('lang')).toBe('en');
    expect(text.getAttribute('dir')).toBe('ltr');
    const body = text.querySelector('p')!;
    expect(body.textContent).toBe('Lovely <b>scent</b>.\nSee https://example.com/x');
    expect(body.querySelector('b, a')).toBeNull();
    expect(body.className).toContain('whitespace-pre-line');
    expect(within(screen.getByTestId('review-reply')).getByText('Reply from the shop')).toBeTruthy();
    expect(screen.getByText('March 1, 2026')).toBeTruthy();
  });
});

describe('"Was this helpful?"', () => {
  it('counts once: the answer shows with "Thanks", the button is done, and stays done after a reload', async () => {
    const { asked } = serve(() => ({ helpful: 4, counted: true }));
    renderWithShop(<ReviewItem review={review({ id: 11, helpful: 3 })} />);
    const button = screen.getByTestId('helpful');
    expect(button.textContent).toBe('Yes (3)');
    expect(button.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Thanks (4)'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(asked()).toEqual(['POST /api/reviews/11/helpful']);
    expect(JSON.parse(localStorage.getItem('nasma-helpful-reviews')!)).toEqual([[11, 4]]);

    // The page again, from a render the server kept from before the vote (its count without it):
    // the vote is remembered with the count it was answered, and nothing is sent.
    cleanup();
    renderWithShop(<ReviewItem review={review({ id: 11, helpful: 3 })} />);
    const again = screen.getByTestId('helpful');
    expect(again.textContent).toBe('Thanks (4)');
    expect(again.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(again);
    expect(asked()).toHaveLength(1);
  });

  it('a vote the server had already counted for this device is done too; a failed one may be tried again', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 503, body: {} } : { body: { helpful: 5, counted: false } }));
    renderWithShop(<ReviewItem review={review({ id: 12, helpful: 5 })} />);
    const button = screen.getByTestId('helpful');
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Your vote did not reach us. Please try again.');
    expect(button.getAttribute('aria-disabled')).toBe('false');
    fail = false;
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Thanks (5)'));
  });
});

describe('ReviewsTab', () => {
  it('starts from the first page the server rendered without asking again, and asks for another order when chosen', async () => {
    const { asked } = serve((url) => page([review({ id: 2, rating: 1, title: 'Too strong' })], { total: 6, page: Number(url.searchParams.get('page')) }));
    const { store } = makeStore();
    // What the server's render handed over (entry-server.tsx): the tab's first page.
    await store.dispatch(
      reviewsApi.util.upsertQueryData('getProductReviews', firstReviewsArgs(19), page([review({ id: 9 }), review({ id: 8, title: 'Second' })])),
    );
    renderWithShop(<ReviewsTab first={firstReviewsArgs(19)} reviewCount={6} />, { store });
    expect(screen.getAllByTestId('review').map((r) => within(r).getByRole('heading').textContent)).toEqual(['Smells like a spring morning', 'Second']);
    expect(screen.getByText('Showing 5 of 6')).toBeTruthy();
    expect(asked()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'lowest' } });
    await waitFor(() => expect(screen.getAllByTestId('review').map((r) => within(r).getByRole('heading').textContent)).toEqual(['Too strong']));
    expect(asked()).toEqual(['GET /api/products/19/reviews?sort=lowest&page=1&pageSize=5']);

    // "Show more" asks for the next page and puts the keyboard on its first review.
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(2));
    expect(asked().at(-1)).toBe('GET /api/products/19/reviews?sort=lowest&page=2&pageSize=5');
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('review')[1]));
  });

  it('says who may review when there is none, without asking the server', () => {
    const { asked } = serve(() => ({}));
    renderWithShop(<ReviewsTab first={firstReviewsArgs(3)} reviewCount={0} />);
    expect(screen.getByTestId('reviews-empty').textContent).toContain('Only customers who bought this product can review it');
    expect(asked()).toEqual([]);
  });
});
