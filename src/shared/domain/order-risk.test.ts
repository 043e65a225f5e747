import { describe, expect, it } from 'vitest';
import { addressKey, blockedValue, defaultRiskRules, phoneRecordTone, riskReasonsFor, rulesNeedRecords } from './order-risk.js';

const clean = { refusedBefore: 0, recentByPhone: 0, recentByAddress: 0 };

describe('risk rules', () => {
  it('flags nothing for a new phone and address under the default rules', () => {
    expect(riskReasonsFor(clean, 900000, defaultRiskRules)).toEqual([]);
  });

  it('flags each rule on its own fact, and only while the rule is on', () => {
    expect(riskReasonsFor({ ...clean, refusedBefore: 1 }, 100, defaultRiskRules)).toEqual(['refused_before']);
    expect(riskReasonsFor({ ...clean, refusedBefore: 1 }, 100, { ...defaultRiskRules, flagRefusedBefore: false })).toEqual([]);
    expect(riskReasonsFor({ ...clean, recentByPhone: 1 }, 100, defaultRiskRules)).toEqual(['repeat_phone']);
    expect(riskReasonsFor({ ...clean, recentByAddress: 2 }, 100, defaultRiskRules)).toEqual(['repeat_address']);
    expect(riskReasonsFor({ ...clean, recentByPhone: 1, recentByAddress: 1 }, 100, { ...defaultRiskRules, flagRepeatWithinHour: false })).toEqual([]);
  });

  it('flags a total strictly above the amount; null or 0 is off', () => {
    const rules = { ...defaultRiskRules, flagTotalAbove: 500000 };
    expect(riskReasonsFor(clean, 500000, rules)).toEqual([]);
    expect(riskReasonsFor(clean, 500001, rules)).toEqual(['total_above']);
    expect(riskReasonsFor(clean, 10 ** 9, { ...rules, flagTotalAbove: 0 })).toEqual([]);
    expect(riskReasonsFor(clean, 10 ** 9, { ...rules, flagTotalAbove: null })).toEqual([]);
  });

  it('lists every reason in one order', () => {
    const all = { refusedBefore: 2, recentByPhone: 1, recentByAddress: 1 };
    expect(riskReasonsFor(all, 2, { flagRefusedBefore: true, flagRepeatWithinHour: true, flagTotalAbove: 1 })).toEqual([
      'refused_before',
      'repeat_phone',
      'repeat_address',
      'total_above',
    ]);
  });

  it('reads no records when only the amount rule is on', () => {
    expect(rulesNeedRecords({ flagRefusedBefore: false, flagRepeatWithinHour: false, flagTotalAbove: 100 })).toBe(false);
    expect(rulesNeedRecords(defaultRiskRules)).toBe(true);
  });
});

describe('addressKey', () => {
  it('writes the same door the same way', () => {
    expect(addressKey('CAI', 'Nasr City', '12, Abbas El-Akkad St., flat 4')).toBe(addressKey('cai', ' nasr  city', '12 abbas el akkad st flat ٤'));
    expect(addressKey('CAI', 'Nasr City', '12 Abbas St')).not.toBe(addressKey('GIZ', 'Nasr City', '12 Abbas St'));
    expect(addressKey('CAI', 'Nasr City', '12 Abbas St')).not.toBe(addressKey('CAI', 'Nasr City', '14 Abbas St'));
  });
});

describe('phone record and blocklist values', () => {
  it('reads risky once a parcel came back', () => {
    expect(phoneRecordTone({ orders: 1, delivered: 0, refused: 0 })).toBe('new');
    expect(phoneRecordTone({ orders: 3, delivered: 2, refused: 0 })).toBe('trusted');
    expect(phoneRecordTone({ orders: 3, delivered: 2, refused: 1 })).toBe('risky');
  });

  it('stores phones in local form and e-mails lower-cased', () => {
    expect(blockedValue('phone', '+20 100 555 0199')).toBe('01005550199');
    expect(blockedValue('phone', '٠١٠٠٥٥٥٠١٩٩')).toBe('01005550199');
    expect(blockedValue('phone', '12345')).toBeNull();
    expect(blockedValue('email', ' Mona@Example.COM ')).toBe('mona@example.com');
    expect(blockedValue('email', 'not an email')).toBeNull();
  });
});
