import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like.js';

describe('LIKE patterns', () => {
  it('keep wildcards and the escape character as text', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern('Oud 10%')).toBe('%oud 10\\%%');
  });
});
