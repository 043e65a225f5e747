import { describe, expect, it } from 'vitest';
import { governorates } from '../../../shared/domain/governorates';
import { settingsFormSchema, toFormValues } from './settings-form';

const stored = {
  shopName: 'Nasma',
  phone: '+20 100 555 0123',
  whatsapp: '+20 100 555 0123',
  email: 'hello@nasma.eg',
  address: '14 Road 9, Maadi, Cairo',
  notificationEmail: 'orders@nasma.eg',
  currencyRates: { USD: 0.0205, EUR: 0.0188, GBP: 0.0161 },
  freeShippingThreshold: 150000,
  shippingFees: Object.fromEntries(governorates.map((g) => [g.code, g.fee])),
  measurement: { ga4Id: 'G-AB12CD34EF', metaPixelId: '' },
};

describe('settings form', () => {
  it('round-trips the stored settings through EGP text', () => {
    const values = toFormValues(stored);
    expect(values.freeShippingThreshold).toBe('1500.00');
    expect(values.shippingFees.CAI).toBe('60.00');
    expect(settingsFormSchema.parse(values)).toEqual(stored);
  });

  it('reads EGP with thousands commas, Arabic digits and decimal mark, and turns it into piastres', () => {
    const values = { ...toFormValues(stored), freeShippingThreshold: '١٬٢٥٠٫٥', shippingFees: { ...toFormValues(stored).shippingFees, ALX: '1,045.25' } };
    const out = settingsFormSchema.parse(values);
    expect(out.freeShippingThreshold).toBe(125050);
    expect(out.shippingFees.ALX).toBe(104525);
  });

  it('takes an empty notification e-mail as none', () => {
    expect(settingsFormSchema.parse({ ...toFormValues(stored), notificationEmail: '  ' }).notificationEmail).toBe('');
  });

  it.each([
    [{ freeShippingThreshold: '' }, 'freeShippingThreshold', 'required'],
    [{ freeShippingThreshold: 'abc' }, 'freeShippingThreshold', 'number_invalid'],
    [{ freeShippingThreshold: '10.555' }, 'freeShippingThreshold', 'number_invalid'],
    [{ freeShippingThreshold: '-5' }, 'freeShippingThreshold', 'amount_negative'],
    [{ currencyRates: { USD: '48.5', EUR: '0.02', GBP: '0.02' } }, 'currencyRates.USD', 'rate_too_big'],
    [{ notificationEmail: 'orders at nasma' }, 'notificationEmail', 'email_invalid'],
  ])('%o is refused with the server code', (change, path, code) => {
    const result = settingsFormSchema.safeParse({ ...toFormValues(stored), ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join('.') === path);
    expect(issue?.message).toBe(code);
  });
});
