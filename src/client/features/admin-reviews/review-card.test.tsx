// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SessionUser } from '../../app/user-slice';
import { renderWithShop, testTranslator } from '../../testing/shop-render';
import type { AdminReview } from '../../../shared/schemas/review';
import type enTexts from '../../../../public/locales/en/admin-reviews.json';
import { readReviewFilters, reviewsHref } from './api';
import { ReviewCard, type ReviewActions } from './review-card';
import { ReviewDialog } from './review-dialogs';
import { ReviewStatusTabs } from './review-filters';

const en = JSON.parse(fs.readFileSync(path.resolve('public/locales/en/admin-reviews.json'), 'utf8')) as typeof enTexts;
const i18n = testTranslator('admin-reviews', 'admin');
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeAll(() => {
  // jsdom has no modal dialogs: opening one only marks it open, which is all these tests need.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const review = (over: Partial<AdminReview> = {}): AdminReview => ({
  id: 7,
  rating: 4,
  title: 'رائحة جميلة',
  body: 'رائحة هادئة تملأ البيت.\nو<b>ليست</b> قوية.',
  displayName: 'منى ع.',
  language: 'ar',
  publishedAt: null,
  photos: [{ src: '/uploads/r1-1200.webp', srcSet: '/uploads/r1-400.webp 400w, /uploads/r1-1200.webp 1200w', width: 1200, height: 900 }],
  reply: null,
  helpful: 0,
  status: 'pending',
  createdAt: '2026-03-02T10:00:00.000Z',
  rejectReason: null,
  product: { id: 12, name: 'Oud candle' },
  orderNumber: 'NSM-100123',
  replacesId: null,
  ...over,
});

const wrap = (children: ReactNode, role: SessionUser['role'] = 'owner') => renderWithShop(children, { role, i18n, router: true });

const actions = (): ReviewActions => ({ onPublish: vi.fn(), onReject: vi.fn(), onReply: vi.fn(), onPhoto: vi.fn(), publishingId: undefined });

describe('a review in the moderation list', () => {
  it('shows the text as written, in its own language and direction, with the order number and the product', () => {
    const r = review();
    wrap(<ReviewCard r={r} actions={actions()} writable />);
    const card = screen.getByRole('article', { name: 'رائحة جميلة' });
    const body = within(card).getByText(/رائحة هادئة/);
    expect(body.getAttribute('lang')).toBe('ar');
    expect(body.getAttribute('dir')).toBe('rtl');
    // Plain text: the markup the buyer typed is shown, not obeyed.
    expect(body.textContent).toBe(r.body);
    expect(body.querySelector('b')).toBeNull();
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'NSM-100123' }).getAttribute('href')).toBe('/admin/orders?q=NSM-100123');
    expect(within(card).getByRole('link', { name: 'Oud candle' }).getAttribute('href')).toBe('/admin/products/edit/12');
    expect(within(card).getByRole('button', { name: en.card.photo.replace('{{n}}', '1').replace('{{total}}', '1') })).toBeTruthy();
  });

  it('offers publish, reject and reply on a pending review to a role that may decide', () => {
    const a = actions();
    const r = review();
    wrap(<ReviewCard r={r} actions={a} writable />);
    fireEvent.click(screen.getByRole('button', { name: en.actions.publish }));
    expect(a.onPublish).toHaveBeenCalledWith(r);
    fireEvent.click(screen.getByRole('button', { name: en.actions.reject }));
    expect(a.onReject).toHaveBeenCalledWith(r);
    fireEvent.click(screen.getByRole('button', { name: en.actions.reply }));
    expect(a.onReply).toHaveBeenCalledWith(r);
  });

  it('hides every decision from a role that may only read', () => {
    wrap(<ReviewCard r={review()} actions={actions()} writable={false} />);
    expect(screen.queryByRole('button', { name: en.actions.publish })).toBeNull();
    expect(screen.queryByRole('button', { name: en.actions.reject })).toBeNull();
    expect(screen.queryByRole('button', { name: en.actions.reply })).toBeNull();
  });

  it('shows a published review’s reply and offers to edit it; a rejected one its reason and no decision', () => {
    wrap(
      <>
        <ReviewCard
          r={review({
            id: 1,
            status: 'published',
            publishedAt: '2026-03-03T10:00:00.000Z',
            reply: { text: 'Thank you, Mona!', at: '2026-03-04T10:00:00.000Z' },
            replacesId: 4,
          })}
          actions={actions()}
          writable
        />
        <ReviewCard
          r={review({ id: 2, title: 'Too strong', language: 'en', status: 'rejected', rejectReason: 'Mentions another shop.' })}
          actions={actions()}
          writable
        />
      </>,
    );
    const [published, rejected] = screen.getAllByRole('article');
    expect(within(published!).getByText('Thank you, Mona!')).toBeTruthy();
    expect(within(published!).getByText(en.card.replaces)).toBeTruthy();
    expect(within(published!).getByRole('button', { name: en.actions.editReply })).toBeTruthy();
    expect(within(published!).queryByRole('button', { name: en.actions.publish })).toBeNull();
    expect(within(rejected!).getByText('Mentions another shop.')).toBeTruthy();
    expect(within(rejected!).queryAllByRole('button', { name: new RegExp(`${en.actions.reject}|${en.actions.reply}`) })).toHaveLength(0);
  });
});

describe('the reject dialog', () => {
  it('refuses an empty reason with its translated message, without asking the server', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    wrap(<ReviewDialog open={{ kind: 'reject', review: review() }} onDone={() => {}} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: en.reject.confirm }));
    return vi.waitFor(() => {
      const reason = screen.getByRole('textbox', { name: en.reject.reason });
      expect(reason.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('error-reason').textContent).toBe(en.errors.reasonTooShort);
      expect(fetch).not.toHaveBeenCalled();
    });
  });
});

describe('the status tabs and the filters in the URL', () => {
  it('show each status with its count, "1,000+" at the server’s cap, and keep the filters', () => {
    const filters = readReviewFilters(new URLSearchParams('status=published&product=12&stars=5&photos=1&page=3'), 3);
    expect(filters).toEqual({ status: 'published', productId: 12, stars: 5, photos: true, page: 3 });
    wrap(<ReviewStatusTabs filters={filters} counts={{ pending: 1000, published: 3, rejected: 0, replaced: 1 }} />);
    const tabs = screen.getByRole('navigation', { name: en.tabs.label });
    const pending = within(tabs).getByRole('link', { name: /Pending/ });
    expect(pending.textContent).toBe('Pending1,000+');
    expect(pending.getAttribute('href')).toBe('/admin/reviews?product=12&stars=5&photos=1');
    const published = within(tabs).getByRole('link', { name: /Published/ });
    expect(published.getAttribute('aria-current')).toBe('page');
    expect(published.textContent).toBe('Published3');
  });

  it('ignore what is malformed, and leave the defaults out of the address', () => {
    expect(readReviewFilters(new URLSearchParams('status=nope&product=-1&stars=9&photos=yes'), 1)).toEqual({
      status: 'pending',
      productId: undefined,
      stars: undefined,
      photos: undefined,
      page: 1,
    });
    expect(reviewsHref({ status: 'pending', page: 1 })).toBe('/admin/reviews');
    expect(reviewsHref({ status: 'rejected', stars: 1, page: 2 })).toBe('/admin/reviews?status=rejected&stars=1&page=2');
  });
});
