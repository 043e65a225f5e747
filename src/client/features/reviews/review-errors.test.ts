import { describe, expect, it } from 'vitest';
import { placeFailure } from './review-errors';

const failure = (code: string, fields: Record<string, string> = {}, status = 400) => ({ status, code, fields });

describe('placeFailure: where a refused review says what is wrong', () => {
  it("puts the server's field codes beside the form's fields, with nothing above the form", () => {
    expect(placeFailure(failure('validation', { body: 'review_too_short', rating: 'rating_required', title: 'too_long' }))).toEqual({
      fields: { body: 'review_too_short', rating: 'rating_required', title: 'too_long' },
      photos: null,
      alert: null,
      refetch: false,
    });
    expect(placeFailure(failure('validation', { displayName: 'required' })).fields).toEqual({ displayName: 'required' });
  });

  it('says something above the form when a field is not one the buyer can fix (the line, the language)', () => {
    expect(placeFailure(failure('validation', { lineId: 'invalid' }))).toMatchObject({ fields: {}, alert: 'validation' });
    expect(placeFailure(failure('validation', { body: 'review_too_short', language: 'invalid' }))).toMatchObject({
      fields: { body: 'review_too_short' },
      alert: 'validation',
    });
    expect(placeFailure(failure('validation'))).toMatchObject({ alert: 'validation' });
  });

  it('puts photo problems under the photos', () => {
    for (const code of ['too_large', 'too_many_photos', 'image_invalid', 'image_too_large'])
      expect(placeFailure(failure(code, {}, code === 'too_large' ? 413 : 400))).toEqual({ fields: {}, photos: code, alert: null, refetch: false });
  });

  it('reads the order again when the link or the line changed under the page', () => {
    for (const code of ['review_link_expired', 'review_link_invalid', 'review_not_delivered', 'review_pending', 'review_line_unknown'])
      expect(placeFailure(failure(code, {}, 409))).toEqual({ fields: {}, photos: null, alert: code, refetch: true });
  });

  it('shows other refusals above the form, and nothing for an upload the page stopped itself', () => {
    expect(placeFailure(failure('rate_limited', {}, 429))).toEqual({ fields: {}, photos: null, alert: 'rate_limited', refetch: false });
    expect(placeFailure(failure('network', {}, 0)).alert).toBe('network');
    expect(placeFailure(failure('aborted', {}, 0))).toEqual({ fields: {}, photos: null, alert: null, refetch: false });
  });
});
