import { describe, expect, it } from 'vitest';
import { passwordProblem } from './passwords.js';

describe('password rules', () => {
  it.each([
    ['short1', 'too_short'],
    ['password', 'too_common'],
    ['PassWord1', 'too_common'],
    ['12345678', 'too_common'],
    ['zzzzzzzzzz', 'too_common'],
    ['x'.repeat(201), 'too_long'],
    ['jasmine at dawn', null],
    ['Nile-Lotus-2026', null],
  ])('%j -> %s', (pw, problem) => expect(passwordProblem(pw)).toBe(problem));

  it('refuses the local part of the email as the password', () => {
    expect(passwordProblem('mona.adel', 'Mona.Adel@example.com')).toBe('too_common');
  });
});
