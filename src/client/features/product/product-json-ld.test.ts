import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../shared/domain/test-products';
import { shopDay } from '../../../shared/domain/shop-time';
import type { PublicReview } from '../../../shared/schemas/review';
import { JSON_LD_REVIEWS, jsonLdText, productJsonLd, shopDate } from './product-json-ld';

/**
 * A small validator of the structured data against schema.org's Product, Offer, AggregateRating,
 * Review, Rating and Person, with Google's rules for review snippets: the properties each needs and
 * their types, a rating within its best and worst, at least one review counted, an author with a
 * name, a date in ISO 8601. Answers the problems found, as paths (empty when valid).
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isUrl = (v: unknown) => isText(v) && /^https?:\/\/\S+$/.test(v);
const isDate = (v: unknown) => isText(v) && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

function checkType(node: unknown, type: string, path: string, problems: string[]): node is Json {
  if (!isObject(node)) problems.push(`${path}: not an object`);
  else if (node['@type'] !== type) problems.push(`${path}: @type is ${String(node['@type'])}, not ${type}`);
  else return true;
  return false;
}

/** A Rating or an AggregateRating: ratingValue a number within [worstRating, bestRating] (defaults 1 and 5). */
function checkRatingValues(rating: Json, path: string, problems: string[]): void {
  const best = rating.bestRating ?? 5;
  const worst = rating.worstRating ?? 1;
  if (!isNumber(best) || !isNumber(worst) || worst >= best) problems.push(`${path}: bestRating/worstRating invalid`);
  if (!isNumber(rating.ratingValue)) problems.push(`${path}.ratingValue: not a number`);
  else if (rating.ratingValue < Number(worst) || rating.ratingValue > Number(best))
    problems.push(`${path}.ratingValue: outside ${String(worst)}–${String(best)}`);
}

function checkReview(review: unknown, path: string, problems: string[]): void {
  if (!checkType(review, 'Review', path, problems)) return;
  if (checkType(review.author, 'Person', `${path}.author`, problems) && !isText(review.author.name)) problems.push(`${path}.author.name: empty`);
  if (checkType(review.reviewRating, 'Rating', `${path}.reviewRating`, problems)) checkRatingValues(review.reviewRating, `${path}.reviewRating`, problems);
  if (!isDate(review.datePublished)) problems.push(`${path}.datePublished: not an ISO 8601 date`);
  if (!isText(review.reviewBody)) problems.push(`${path}.reviewBody: empty`);
  if ('name' in review && !isText(review.name)) problems.push(`${path}.name: present but empty`);
}

function validateProduct(data: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(data) || data['@context'] !== 'https://schema.org') return ['@context: not https://schema.org'];
  if (!checkType(data, 'Product', 'Product', problems)) return problems;
  if (!isText(data.name)) problems.push('name: empty');
  if (!Array.isArray(data.image) || !data.image.every(isUrl)) problems.push('image: not a list of absolute URLs');
  if (checkType(data.offers, 'Offer', 'offers', problems)) {
    if (!/^\d+\.\d{2}$/.test(String(data.offers.price))) problems.push('offers.price: not a decimal');
    if (!/^[A-Z]{3}$/.test(String(data.offers.priceCurrency))) problems.push('offers.priceCurrency: not ISO 4217');
    if (!isUrl(data.offers.url)) problems.push('offers.url: not absolute');
  }
  if ('aggregateRating' in data && checkType(data.aggregateRating, 'AggregateRating', 'aggregateRating', problems)) {
    const aggregate = data.aggregateRating;
    checkRatingValues(aggregate, 'aggregateRating', problems);
    if (!Number.isInteger(aggregate.reviewCount) || Number(aggregate.reviewCount) < 1) problems.push('aggregateRating.reviewCount: not a count of at least 1');
  }
  if ('review' in data) {
    if (!Array.isArray(data.review) || data.review.length === 0) problems.push('review: not a non-empty list');
    else data.review.forEach((r, i) => checkReview(r, `review[${i}]`, problems));
    // Google: reviews are shown for what the page rates, with its aggregate.
    if (!('aggregateRating' in data)) problems.push('review: without aggregateRating');
  }
  return problems;
}

/** Every property name and @type at any depth (what server-render.spec.ts looks for too). */
function names(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => names(v, out));
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      if (key === '@type') out.push(String(inner));
      names(inner, out);
    }
  return out;
}

const absolute = (path: string) => new URL(path, 'https://nasma.example').href;
const review = (over: Partial<PublicReview> & { id: number }): PublicReview => ({
  rating: 5,
  title: 'Lovely',
  body: 'Smells like a spring morning.',
  displayName: 'Mona A.',
  language: 'en',
  publishedAt: '2026-03-01T10:00:00.000Z',
  photos: [],
  reply: null,
  helpful: 0,
  ...over,
});
const product = makeProduct({
  id: 19,
  name: 'Orange Blossom Car & Home Spray',
  price: 9900,
  images: [{ src: '/images/products/orange-1-800.webp', srcSet: '', width: 800, height: 800, alt: '' }],
});

describe('productJsonLd', () => {
  it('with published reviews: a valid Product with its aggregate rating and the newest reviews', () => {
    const reviews = [
      review({ id: 9, rating: 5 }),
      review({ id: 8, rating: 1, title: '', body: 'Too strong\nfor my car.', displayName: 'Karim S.' }),
      review({ id: 7, rating: 4, language: 'ar', title: 'رائحة جميلة', body: 'رائحة هادئة تدوم طوال اليوم.', displayName: 'منى ع.' }),
      ...[6, 5, 4].map((id) => review({ id })),
    ];
    const data = productJsonLd({ ...product, rating: 3.8, reviewCount: 12 }, reviews, absolute);
    expect(validateProduct(data)).toEqual([]);
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 3.8, reviewCount: 12, bestRating: 5, worstRating: 1 });
    const entries = data.review as Json[];
    expect(entries).toHaveLength(JSON_LD_REVIEWS);
    expect(entries[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Mona A.' },
      datePublished: '2026-03-01',
      name: 'Lovely',
      reviewBody: 'Smells like a spring morning.',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
    });
    // No title: no name, rather than an empty one.
    expect(entries[1]).not.toHaveProperty('name');
    expect(entries[2]).toMatchObject({ author: { name: 'منى ع.' }, name: 'رائحة جميلة' });
  });

  it('before the first page of reviews is at hand: the aggregate rating alone, still valid', () => {
    const data = productJsonLd({ ...product, rating: 4.5, reviewCount: 2 }, undefined, absolute);
    expect(validateProduct(data)).toEqual([]);
    expect(data).toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });

  it('without published reviews: nothing about ratings or reviews at all', () => {
    // The merchant's old rating field must not show as shoppers' stars.
    const data = productJsonLd({ ...product, rating: 0, reviewCount: 0 }, [review({ id: 1 })], absolute);
    expect(validateProduct(data)).toEqual([]);
    expect(names(data).filter((name) => /rating|review/i.test(name))).toEqual([]);
    expect(data.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EGP', price: '99.00', url: 'https://nasma.example/product/19' });
  });

  it('the validator refuses what search engines refuse', () => {
    const valid = productJsonLd({ ...product, rating: 4, reviewCount: 1 }, [review({ id: 1 })], absolute) as Json & { review: Json[] };
    expect(validateProduct({ ...valid, aggregateRating: { ...(valid.aggregateRating as Json), ratingValue: 6 } })).toEqual([
      'aggregateRating.ratingValue: outside 1–5',
    ]);
    expect(validateProduct({ ...valid, aggregateRating: { ...(valid.aggregateRating as Json), reviewCount: 0 } })).toEqual([
      'aggregateRating.reviewCount: not a count of at least 1',
    ]);
    expect(validateProduct({ ...valid, review: [{ ...valid.review[0], author: { '@type': 'Person', name: ' ' } }] })).toEqual(['review[0].author.name: empty']);
    expect(validateProduct({ ...valid, review: [{ ...valid.review[0], datePublished: 'yesterday' }] })).toEqual([
      'review[0].datePublished: not an ISO 8601 date',
    ]);
    const { aggregateRating: _aggregate, ...reviewsAlone } = valid;
    expect(validateProduct(reviewsAlone)).toEqual(['review: without aggregateRating']);
  });

  it("dates a review by the shop's day, as shop-time.ts does", () => {
    // 22:30 UTC is the next day in Cairo (UTC+2 in winter, +3 in summer).
    for (const at of ['2026-01-15T22:30:00.000Z', '2026-07-15T21:30:00.000Z', '2026-07-15T20:59:00.000Z', '2026-10-30T21:00:00.000Z'])
      expect(shopDate(at), at).toBe(shopDay(new Date(at)));
    expect(shopDate('2026-01-15T22:30:00.000Z')).toBe('2026-01-16');
  });

  it('keeps the text inside its script: no `<` can close it', () => {
    const data = productJsonLd({ ...product, reviewCount: 1 }, [review({ id: 1, body: 'Great </script><script>alert(1)</script>' })], absolute);
    const text = jsonLdText(data);
    expect(text).not.toContain('<');
    expect((JSON.parse(text) as { review: Json[] }).review[0]!.reviewBody).toBe('Great </script><script>alert(1)</script>');
  });
});
