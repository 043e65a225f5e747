// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '../../app/i18n-view';
import { Translator } from '../../../shared/i18n/translator';
import { z } from 'zod';
import en from '../../../../public/locales/en/translation.json';
import { Checkbox, FormAlert, RadioGroup, Select, ShopFormProvider, TextInput, Textarea, useShopForm, type ShopForm } from './index';

const i18n = new Translator({ lng: 'en', resources: { en: { translation: en } } });
afterEach(cleanup);

const schema = z.object({
  name: z.string().trim().min(1, 'required'),
  email: z
    .string()
    .trim()
    .refine((v) => v.includes('@'), 'email_invalid'),
  city: z.string().min(1, 'governorate_required'),
  notes: z.string().max(5, 'too_long'),
  agree: z.boolean(),
  pay: z.literal('cod'),
});
type Values = z.input<typeof schema>;
const empty: Values = { name: '', email: '', city: '', notes: '', agree: false, pay: 'cod' };

function Demo({
  onValid,
  onDraft,
  expose,
  load,
}: {
  onValid?: (v: Values) => void;
  onDraft?: (v: Values) => void;
  expose?: (f: ShopForm<Values, Values>) => void;
  /** The schema given as a loader instead (a page whose first script leaves zod out). */
  load?: () => Promise<typeof schema>;
}) {
  const shop = useShopForm<Values>({ schema: load ?? schema, idPrefix: 'demo', defaultValues: empty, onDraft });
  expose?.(shop);
  return (
    <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit((v) => onValid?.(v))}>
      <FormAlert>top</FormAlert>
      <TextInput name="name" label="Name" hint="As on your ID" />
      <TextInput name="email" label="Email" type="email" />
      <Select name="city" label="City">
        <option value="">Choose</option>
        <option value="CAI">Cairo</option>
      </Select>
      <Textarea name="notes" label="Notes" aside="Optional" />
      <Checkbox name="agree" label="Agree" />
      <RadioGroup name="pay" legend="Payment" options={[{ value: 'cod', label: 'Cash on delivery' }]} />
      <button type="submit">Send</button>
    </ShopFormProvider>
  );
}

const renderDemo = (props: Parameters<typeof Demo>[0] = {}) =>
  render(
    <I18nProvider i18n={i18n}>
      <Demo {...props} />
    </I18nProvider>,
  );

const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('shop form fields', () => {
  it('tie every label to its control and describe it by its hint', () => {
    renderDemo();
    const name = screen.getByLabelText('Name');
    expect(name.id).toBe('demo-name');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(name)).toBe('As on your ID');
    expect(screen.getByLabelText('City').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Agree')).toHaveProperty('type', 'checkbox');
    expect(screen.getByRole('radio', { name: 'Cash on delivery' })).toHaveProperty('checked', true);
  });

  it('show the translated error under the field, mark it invalid and announce it through aria-describedby', async () => {
    renderDemo();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(name)).toBe(en.validation.required);
    expect(screen.getByTestId('error-city').textContent).toBe(en.validation.governorate_required);
    expect(describedText(screen.getByLabelText('City'))).toBe(en.validation.governorate_required);
    // The hint gives way to the error.
    expect(screen.queryByText('As on your ID')).toBeNull();
  });

  it('focus the first invalid field in page order on submit', async () => {
    renderDemo();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mona' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'far too long' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByLabelText('Notes').getAttribute('aria-invalid')).toBe('true');
  });

  it('hand valid values to the submit handler', async () => {
    let sent: Values | undefined;
    renderDemo({ onValid: (v) => (sent = v) });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mona' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mona@example.com' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'CAI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toMatchObject({ name: 'Mona', email: 'mona@example.com', city: 'CAI', pay: 'cod' }));
  });

  it("map the server's field errors onto the fields, skip unknown ones and focus the first", async () => {
    let shop: ShopForm<Values, Values> | undefined;
    renderDemo({ expose: (f) => (shop = f) });
    let placed: string[] = [];
    act(() => {
      placed = shop!.applyServerErrors({ notes: 'too_long', email: 'email_invalid', _: 'validation', lines: 'invalid' });
    });
    expect(placed).toEqual(['notes', 'email']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(screen.getByTestId('error-email').textContent).toBe(en.validation.email_invalid);
    // A note beside the label stays with the error.
    expect(describedText(screen.getByLabelText('Notes'))).toBe(`Optional ${en.validation.too_long}`);
  });

  it('keep a draft of what is typed', async () => {
    const drafts: Values[] = [];
    renderDemo({ onDraft: (v) => drafts.push(v) });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mo' } });
    await waitFor(() => expect(drafts.at(-1)?.name).toBe('Mo'));
  });
});

describe('useShopForm', () => {
  it('reveals the first invalid field (a closed tab) before focusing it, and tells the form it was invalid', async () => {
    const revealed: string[] = [];
    let invalid = 0;
    function Tabs() {
      const shop = useShopForm<{ name: { en: string; ar: string } }>({
        schema: z.object({ name: z.object({ en: z.string().min(1, 'required'), ar: z.string().min(1, 'required') }) }),
        idPrefix: 'pf',
        defaultValues: { name: { en: 'Oud', ar: '' } },
        reveal: (path) => revealed.push(path),
      });
      return (
        <ShopFormProvider
          shop={shop}
          onSubmit={shop.handleSubmit(
            () => undefined,
            () => (invalid += 1),
          )}
        >
          <TextInput name="name.en" label="English" />
          <div hidden>
            <TextInput name="name.ar" label="Arabic" />
          </div>
          <button type="submit">Save</button>
        </ShopFormProvider>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Tabs />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('pf-name-ar'));
    expect(revealed).toEqual(['name.ar']);
    expect(invalid).toBe(1);
  });

  it('maps a server path onto the field that shows it', async () => {
    let shop: ShopForm<Values, Values> | undefined;
    renderDemo({ expose: (f) => (shop = f) });
    act(() => {
      shop!.applyServerErrors({ 'notes.0': 'too_long' }, (p) => p.split('.')[0]!);
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Notes')));
    expect(screen.getByTestId('error-notes').textContent).toBe(en.validation.too_long);
  });
});

describe('a shop form whose schema is loaded', () => {
  it('fetches it when the shopper enters the form, and checks with it', async () => {
    const load = vi.fn(async () => schema);
    const onValid = vi.fn();
    renderDemo({ load, onValid });
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText('Name'));
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    expect(onValid).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when it cannot be fetched, hands the values on (the server checks them) and tries again next time', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const onValid = vi.fn();
    renderDemo({ load, onValid });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({ name: '', city: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
