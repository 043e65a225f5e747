import { describe, expect, it } from 'vitest';
import { rulesFormSchema, toRulesForm } from './rules-form';

describe('the risk rules form', () => {
  it('reads the amount in EGP as piastres, and empty as off', () => {
    const on = { flagRefusedBefore: true, flagRepeatWithinHour: false };
    expect(rulesFormSchema.parse({ ...on, flagTotalAbove: '5000.50' })).toEqual({ ...on, flagTotalAbove: 500050 });
    expect(rulesFormSchema.parse({ ...on, flagTotalAbove: '  ' })).toEqual({ ...on, flagTotalAbove: null });
    expect(toRulesForm({ ...on, flagTotalAbove: 500050 }).flagTotalAbove).toBe('5000.50');
  });

  it('answers the server’s codes for an amount it would refuse', () => {
    const issue = (text: string) =>
      rulesFormSchema.safeParse({ flagRefusedBefore: true, flagRepeatWithinHour: true, flagTotalAbove: text }).error?.issues[0]?.message;
    expect(issue('0')).toBe('amount_positive');
    expect(issue('abc')).toBe('number_invalid');
    expect(issue('99999999')).toBe('amount_too_big');
  });
});
