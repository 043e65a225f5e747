// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../../app/store';
import { renderWithShop, stubApi } from '../../testing/shop-render';
import { api } from '../../app/api';
import { testSettings } from '../../../shared/domain/test-products';
import type { ReviewOrder } from '../../../shared/schemas/review';
import en from '../../../../public/locales/en/translation.json';
import { draftKey, saveDraft } from './review-draft';
import ReviewPage from './review-page';

const line = (over: Partial<ReviewOrder['lines'][number]> & { lineId: number }): ReviewOrder['lines'][number] => ({
  productId: 100 + over.lineId,
  name: `Scent ${over.lineId}`,
  color: null,
  size: null,
  image: null,
  review: null,
  open: true,
  ...over,
});

const order = (lines: ReviewOrder['lines']): ReviewOrder => ({ number: 'NSM-100123', expiresAt: '2026-03-01T10:00:00.000Z', defaultName: 'Mona A.', lines });

/** What the fake server answers `GET /api/reviews/NSM-100123` with: an order, or a refusal. */
let answer: { status: number; body: unknown };
let reads = 0;
/** Multipart requests the page sent, and what the fake server answers them. */
let posted: { url: string; data: FormData }[] = [];
let postAnswer: { status: number; body: unknown };

/** XMLHttpRequest as uploadForm uses it: reports half the upload, then answers `postAnswer`. */
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(data: FormData) {
    posted.push({ url: this.url, data });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = postAnswer.status;
      this.response = postAnswer.body;
      this.onload?.();
    }, 10);
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  reads = 0;
  posted = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubApi(({ url }) => {
    if (url.pathname !== '/api/reviews/NSM-100123') return { body: {} };
    reads++;
    expect(Object.fromEntries(url.searchParams)).toEqual({ e: '1772359200', token: 'signed-token-123', lng: 'en' });
    return answer;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderPage(url = '/review/NSM-100123?e=1772359200&token=signed-token-123') {
  const { store } = makeStore();
  await store.dispatch(api.util.upsertQueryData('getSettings', undefined, testSettings));
  const router = createMemoryRouter([{ path: '/review/:number', element: <ReviewPage /> }], { initialEntries: [url] });
  renderWithShop(<RouterProvider router={router} />, { store });
}

const card = (name: string) => screen.getByRole('article', { name });
const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the review page', () => {
  it("shows each line's state: the form, waiting, published with a new review on offer, refused with the shop's reason", async () => {
    answer = {
      status: 200,
      body: order([
        line({ lineId: 1 }),
        line({ lineId: 2, open: false, review: { status: 'pending', rating: 4, title: 'Nice', body: 'Lasts all evening long.', rejectReason: null } }),
        line({ lineId: 3, review: { status: 'published', rating: 5, title: '', body: 'The best oud I have had.', rejectReason: null } }),
        line({ lineId: 4, review: { status: 'rejected', rating: 2, title: 'Meh', body: 'Call me on 0100…', rejectReason: 'Please leave out phone numbers.' } }),
      ]),
    };
    await renderPage();
    await screen.findByRole('heading', { level: 1, name: en.reviewForm.title });

    // The line to review: its form, with five stars each named for a screen reader.
    const first = card('Scent 1');
    expect(
      within(first)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(first).getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(within(first).getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(within(first).getByRole('group', { name: /Your rating/ })).toBeTruthy();
    expect((within(first).getByLabelText('Name shown with your review') as HTMLInputElement).value).toBe('Mona A.');

    const waiting = card('Scent 2');
    expect(within(waiting).getByText(en.reviewForm.pendingTitle)).toBeTruthy();
    expect(within(waiting).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(waiting).queryByRole('button')).toBeNull();

    const published = card('Scent 3');
    expect(within(published).getByText(en.reviewForm.publishedTitle)).toBeTruthy();
    expect(within(published).getByText(en.reviewForm.writeNewNote)).toBeTruthy();
    fireEvent.click(within(published).getByRole('button', { name: en.reviewForm.writeNew }));
    expect(within(published).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(within(published).getByRole('button', { name: en.reviewForm.cancel }));
    expect(within(published).queryAllByRole('radio')).toHaveLength(0);

    const refused = card('Scent 4');
    expect(within(refused).getByText(en.reviewForm.rejectedTitle)).toBeTruthy();
    expect(within(refused).getByTestId('reject-reason').textContent).toBe('Please leave out phone numbers.');
    expect(within(refused).getByRole('button', { name: en.reviewForm.writeAgain })).toBeTruthy();
  });

  it('checks the form with the server’s rules and shows the translated errors beside the fields', async () => {
    answer = { status: 200, body: order([line({ lineId: 1 })]) };
    await renderPage();
    const form = card(await screen.findByText('Scent 1').then((el) => el.textContent!));
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Too short' } });
    expect(within(form).getByText('9 / 2000 · at least 10')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: en.reviewForm.submit }));
    await waitFor(() => expect(within(form).getByTestId('error-rating').textContent).toBe(en.validation.rating_required));
    expect(within(form).getByTestId('error-body').textContent).toBe(en.validation.review_too_short);
    expect(describedText(within(form).getByLabelText('Your review'))).toContain(en.validation.review_too_short);
    expect(
      within(form)
        .getByRole('group', { name: /Your rating/ })
        .getAttribute('aria-describedby'),
    ).toBe('review-1-rating-error');
    expect(posted).toEqual([]);
  });

  it('sends the review as multipart with its upload progress, forgets the draft and shows the waiting state', async () => {
    answer = { status: 200, body: order([line({ lineId: 1 })]) };
    postAnswer = { status: 201, body: { id: 9, status: 'pending' } };
    await renderPage();
    const form = card(await screen.findByText('Scent 1').then((el) => el.textContent!));
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Warm and soft' } });
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'It fills the whole flat for hours.' } });
    await waitFor(() => expect(localStorage.getItem(draftKey('NSM-100123', 1))).toContain('Warm and soft'));

    answer = {
      status: 200,
      body: order([
        line({
          lineId: 1,
          open: false,
          review: { status: 'pending', rating: 4, title: 'Warm and soft', body: 'It fills the whole flat for hours.', rejectReason: null },
        }),
      ]),
    };
    fireEvent.click(within(form).getByRole('button', { name: en.reviewForm.submit }));
    await screen.findByTestId('review-progress');
    expect((await screen.findByTestId('review-thanks')).textContent).toBe(en.reviewForm.sentPending);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('/api/reviews/NSM-100123?e=1772359200&token=signed-token-123');
    expect(Object.fromEntries(posted[0]!.data.entries())).toEqual({
      lineId: '1',
      rating: '4',
      title: 'Warm and soft',
      body: 'It fills the whole flat for hours.',
      displayName: 'Mona A.',
      language: 'en',
    });
    expect(localStorage.getItem(draftKey('NSM-100123', 1))).toBeNull();
    expect(card('Scent 1').querySelector('[data-status="pending"]')?.textContent).toContain(en.reviewForm.pendingTitle);
    await waitFor(() => expect(reads).toBe(2));
    expect(within(card('Scent 1')).queryAllByRole('radio')).toHaveLength(0);
  });

  it("puts the server's field codes beside the fields", async () => {
    answer = { status: 200, body: order([line({ lineId: 1 })]) };
    postAnswer = { status: 400, body: { error: { code: 'validation', message: 'x', fields: { displayName: 'too_long' } } } };
    await renderPage();
    const form = card(await screen.findByText('Scent 1').then((el) => el.textContent!));
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Lovely, lasts for hours.' } });
    fireEvent.click(within(form).getByRole('button', { name: en.reviewForm.submit }));
    await waitFor(() => expect(within(form).getByTestId('error-displayName').textContent).toBe(en.validation.too_long));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Name shown with your review')));
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('restores a draft kept before a reload', async () => {
    saveDraft('NSM-100123', 1, { rating: '3', title: 'Half typed', body: 'It smells of', displayName: 'Mona' });
    answer = { status: 200, body: order([line({ lineId: 1 })]) };
    await renderPage();
    const form = card(await screen.findByText('Scent 1').then((el) => el.textContent!));
    expect((within(form).getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Half typed');
    expect((within(form).getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('It smells of');
    expect((within(form).getByLabelText('Name shown with your review') as HTMLInputElement).value).toBe('Mona');
  });

  it('says when the link has expired or is not valid, and leads to tracking the order', async () => {
    answer = { status: 410, body: { error: { code: 'review_link_expired', message: 'x' } } };
    await renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en.reviewForm.linkErrors.review_link_expired.title);
    expect(screen.getByRole('link', { name: en.footer.trackOrder }).getAttribute('href')).toBe('/track?number=NSM-100123');
    cleanup();

    // A link without its signature never asks the server.
    await renderPage('/review/NSM-100123?e=1772359200');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en.reviewForm.linkErrors.review_link_invalid.title);
    expect(reads).toBe(1);
  });
});
