import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nanoid } from '@reduxjs/toolkit';
import { Banknote, Lock, ShoppingBag } from 'lucide-react';
import { customerSchema, type StockProblem } from '../../../shared/schemas/checkout';
import { cartSubtotal, lineStock, type CartItem } from '../../../shared/domain/cart';
import { unitPrice } from '../../../shared/domain/pricing';
import { governorates, shippingFee } from '../../../shared/domain/governorates';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePlaceOrderMutation } from '../../app/api';
import { useMoney } from '../../app/use-money';
import { ChargedInEgp } from '../currency';
import { useShopSettings } from '../../app/use-shop-settings';
import { Seo } from '../../components/ui/seo';
import { ProductImage } from '../../components/product/product-image';
import { clearCart, removeFromCart, setQuantity } from '../cart';
import { useGetAddressesQuery } from '../account';
import type { SavedAddress } from '../../../shared/schemas/auth';
import { Field, type FieldErrors, type FieldName, type FormValues } from './checkout-form';
import { rememberOrder } from './last-order';
import { emptyForm as empty, forgetForm, loadForm, saveForm } from '../../app/checkout-draft';
import { keyIn } from '../../app/translation-keys';

type ApiError = { status: number | string; data?: { error?: { code?: string; fields?: Record<string, string>; details?: { lines?: StockProblem[] } } } };

const sameLine = (item: CartItem, p: StockProblem) =>
  item.id === p.productId && (item.variants.length === 0 || (item.selectedProductColor === p.color && item.selectedProductSize === p.size));

export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const items = useAppSelector((s) => s.cart.cartItems);
  const { freeShippingThreshold, shippingFees } = useShopSettings();
  const [values, setValues] = useState<FormValues>(loadForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<StockProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  // One key per attempt: a double click or a retry after a dropped connection is the same order.
  const key = useRef(nanoid());
  const submitting = useRef(false);
  const errorSummary = useRef<HTMLDivElement>(null);

  useEffect(() => saveForm(values), [values]);

  // A signed-in shopper starts from the default saved address (or the profile); only empty fields
  // are filled, so nothing already typed is overwritten.
  const user = useAppSelector((s) => s.user.user);
  const { data: saved, isError: addressesFailed } = useGetAddressesQuery(undefined, { skip: !user });
  const prefilled = useRef(false);
  useEffect(() => {
    if (!user || prefilled.current || (!saved && !addressesFailed)) return;
    prefilled.current = true;
    const def = saved?.items.find((a) => a.isDefault) ?? saved?.items[0];
    const from: Partial<FormValues> = {
      fullName: def?.name ?? user.name,
      phone: def?.phone ?? user.phone ?? '',
      email: user.email,
      ...(def ? { governorate: def.governorate, city: def.city, address: def.address } : {}),
    };
    setValues((v) => {
      const next = { ...v };
      for (const [k, value] of Object.entries(from) as Array<[FieldName, string]>) if (!next[k] && value) next[k] = value;
      return next;
    });
  }, [user, saved, addressesFailed]);
  const pickAddress = (a: SavedAddress) => {
    setValues((v) => ({ ...v, fullName: a.name, phone: a.phone, governorate: a.governorate, city: a.city, address: a.address }));
    setErrors({});
  };

  const subtotal = cartSubtotal(items);
  const fee = values.governorate ? shippingFee(values.governorate, subtotal, freeShippingThreshold, shippingFees) : null;
  const ar = i18n.resolvedLanguage === 'ar';

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };
  const message = (code: string) => t(`validation.${code}`, { defaultValue: t('validation.invalid') });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting.current || items.length === 0) return;
    setFailure(null);
    setProblems([]);
    const parsed = customerSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= message(issue.message);
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`checkout-${first}`)?.focus();
      return;
    }
    setErrors({});
    submitting.current = true;
    try {
      const placed = await placeOrder({
        idempotencyKey: key.current,
        body: {
          ...values,
          email: values.email || undefined,
          notes: values.notes || undefined,
          paymentMethod: 'cod',
          lines: items.map((i) => ({
            productId: i.id,
            color: i.variants.length ? i.selectedProductColor : null,
            size: i.variants.length ? i.selectedProductSize : null,
            quantity: i.quantity,
          })),
        },
      }).unwrap();
      rememberOrder(placed);
      forgetForm();
      dispatch(clearCart());
      navigate('/checkout-success', { replace: true, state: placed });
    } catch (err) {
      const e2 = err as ApiError;
      const body = e2.data?.error;
      if (typeof e2.status === 'number') key.current = nanoid(); // the server answered: the next attempt is a new one
      if (e2.status === 409 && body?.details?.lines) {
        // Take what is left: lower each short line to the stock there is, drop sold-out ones.
        setProblems(body.details.lines);
        for (const p of body.details.lines) {
          const line = items.find((i) => sameLine(i, p));
          if (!line) continue;
          if (p.available > 0) dispatch(setQuantity({ cartItemId: line.cartItemId, quantity: p.available }));
          else dispatch(removeFromCart(line.cartItemId));
        }
      } else if (e2.status === 400 && body?.fields) {
        const next: FieldErrors = {};
        for (const [name, code] of Object.entries(body.fields)) if (name in empty) next[name as FieldName] = message(code);
        setErrors(next);
        if (Object.keys(next).length === 0) setFailure(t('checkout.failed'));
      } else if (e2.status === 429) setFailure(t('checkout.tooMany'));
      else if (typeof e2.status !== 'number') setFailure(t('checkout.offline'));
      else setFailure(t('checkout.failed'));
      requestAnimationFrame(() => errorSummary.current?.focus());
    } finally {
      submitting.current = false;
    }
  };

  if (items.length === 0 && problems.length === 0)
    return (
      <div className="container-shop py-10">
        <Seo titleTemplate={t('meta.checkout')} />
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t('checkout.title')}</h1>
        <div className="mt-10 flex flex-col items-center rounded-3xl bg-sand/60 px-6 py-16 text-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white text-amber-dark">
            <ShoppingBag size={28} aria-hidden="true" />
          </span>
          <h2 className="mt-5 font-display text-3xl font-semibold">{t('cart.emptyTitle')}</h2>
          <p className="mt-2 max-w-sm text-muted">{t('checkout.emptyText')}</p>
          <Link to="/shop-grid-standard" className="btn btn-primary mt-7">
            {t('cart.continue')}
          </Link>
        </div>
      </div>
    );

  const input =
    (name: FieldName, props: Record<string, unknown> = {}) =>
    (a: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => (
      <input {...a} name={name} value={values[name]} onChange={set(name)} className="field" {...props} />
    );

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('meta.checkout')} />
      <nav aria-label={t('cart.breadcrumb')} className="text-sm text-muted">
        <Link to="/" className="hover:text-ink">
          {t('nav.home')}
        </Link>
        <span className="mx-2">/</span>
        <Link to="/cart" className="hover:text-ink">
          {t('nav.cart')}
        </Link>
        <span className="mx-2">/</span>
        <span aria-current="page">{t('nav.checkout')}</span>
      </nav>
      <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t('checkout.title')}</h1>

      <form noValidate onSubmit={submit} className="mt-8 grid gap-8 lg:grid-cols-[1fr_400px]">
        <div className="flex flex-col gap-6">
          {(failure || problems.length > 0) && (
            <div
              ref={errorSummary}
              tabIndex={-1}
              role="alert"
              className="rounded-2xl border border-rose/40 bg-[#fdf3f0] p-5 text-sm text-ink"
              data-testid="checkout-alert"
            >
              {failure && <p className="font-semibold">{failure}</p>}
              {problems.length > 0 && (
                <>
                  <p className="font-semibold">{t('checkout.stockTitle')}</p>
                  <ul className="mt-2 list-disc ps-5">
                    {problems.map((p) => (
                      <li key={`${p.productId}-${p.color}-${p.size}`}>
                        {p.available > 0 ? t('checkout.stockLine', { name: p.name, count: p.available }) : t('checkout.stockGone', { name: p.name })}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-2">{t('checkout.stockAdjusted')}</p>
                </>
              )}
            </div>
          )}

          {saved && saved.items.length > 0 && (
            <div className="rounded-3xl bg-white p-5 shadow-soft sm:p-7">
              <p className="font-display text-2xl font-semibold">{t('checkout.savedAddresses')}</p>
              <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('checkout.savedAddresses')}>
                {saved.items.map((a) => {
                  const active = values.address === a.address && values.city === a.city && values.governorate === a.governorate;
                  return (
                    <button
                      key={a.id}
                      type="button"
                      aria-pressed={active}
                      onClick={() => pickAddress(a)}
                      className={`rounded-2xl border px-4 py-2.5 text-start text-sm ${active ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink'}`}
                    >
                      <span className="block font-semibold">{a.label}</span>
                      <span className={`block text-xs ${active ? 'text-ivory/80' : 'text-muted'}`}>
                        {a.address}, {a.city}
                      </span>
                    </button>
                  );
                })}
              </div>
            </div>
          )}

          <fieldset className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both">
            <legend className="float-start mb-5 w-full font-display text-2xl font-semibold">{t('checkout.contact')}</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field name="fullName" label={t('checkout.fullName')} error={errors.fullName}>
                  {input('fullName', { autoComplete: 'name', maxLength: 120 })}
                </Field>
              </div>
              <Field name="phone" label={t('checkout.phone')} error={errors.phone} hint={t('checkout.phoneHint')}>
                {input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 20, dir: 'ltr' })}
              </Field>
              <Field name="email" label={t('checkout.email')} error={errors.email} optional>
                {input('email', { type: 'email', autoComplete: 'email', maxLength: 254, dir: 'ltr' })}
              </Field>
            </div>
          </fieldset>

          <fieldset className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both">
            <legend className="float-start mb-5 w-full font-display text-2xl font-semibold">{t('checkout.delivery')}</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field name="governorate" label={t('checkout.governorate')} error={errors.governorate}>
                {(a) => (
                  <select {...a} name="governorate" value={values.governorate} onChange={set('governorate')} className="field">
                    <option value="">{t('checkout.chooseGovernorate')}</option>
                    {governorates.map((g) => (
                      <option key={g.code} value={g.code}>
                        {`${ar ? g.ar : g.en} — ${money(shippingFee(g.code, 0, 0, shippingFees))}`}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="city" label={t('checkout.city')} error={errors.city}>
                {input('city', { autoComplete: 'address-level2', maxLength: 120 })}
              </Field>
              <div className="sm:col-span-2">
                <Field name="address" label={t('checkout.address')} error={errors.address} hint={t('checkout.addressHint')}>
                  {(a) => (
                    <textarea
                      {...a}
                      name="address"
                      rows={2}
                      value={values.address}
                      onChange={set('address')}
                      maxLength={500}
                      autoComplete="street-address"
                      className="field"
                    />
                  )}
                </Field>
              </div>
              <div className="sm:col-span-2">
                <Field name="notes" label={t('checkout.notes')} error={errors.notes} optional>
                  {(a) => <textarea {...a} name="notes" rows={2} value={values.notes} onChange={set('notes')} maxLength={1000} className="field" />}
                </Field>
              </div>
            </div>
          </fieldset>

          <fieldset className="rounded-3xl bg-white p-5 shadow-soft sm:p-7 [&>legend+*]:clear-both">
            <legend className="float-start mb-5 w-full font-display text-2xl font-semibold">{t('checkout.payment')}</legend>
            <label className="flex cursor-pointer items-center gap-4 rounded-2xl border-2 border-ink p-4">
              <input type="radio" name="paymentMethod" value="cod" checked readOnly className="h-5 w-5 accent-ink" />
              <Banknote size={22} className="text-amber-dark" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{t('checkout.cod')}</span>
                <span className="block text-sm text-muted">{t('checkout.codText')}</span>
              </span>
            </label>
          </fieldset>
        </div>

        <aside className="h-fit rounded-3xl bg-white p-5 shadow-soft sm:p-7 lg:sticky lg:top-28" aria-labelledby="summary-title">
          <h2 id="summary-title" className="font-display text-2xl font-semibold">
            {t('cart.summary')}
          </h2>
          <ul className="mt-4 divide-y divide-line">
            {items.map((item) => {
              const unit = unitPrice(item, item.selectedProductColor, item.selectedProductSize);
              const options = [
                item.selectedProductColor && t(keyIn('colors', item.selectedProductColor)),
                item.selectedProductSize && t(keyIn('sizes', item.selectedProductSize)),
              ]
                .filter(Boolean)
                .join(' · ');
              const short = item.quantity > lineStock(item, item.selectedProductColor, item.selectedProductSize);
              return (
                <li key={item.cartItemId} className="flex gap-3 py-3" data-testid="summary-line">
                  <div className="relative w-16 shrink-0 overflow-hidden rounded-xl bg-sand">
                    <ProductImage image={item.images[0]} sizes="64px" className="aspect-square w-full object-cover" alt="" />
                    <span className="absolute -end-0 -top-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] font-semibold text-ivory">
                      {item.quantity}
                    </span>
                  </div>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold leading-snug">{item.name}</p>
                    {options && <p className="text-muted">{options}</p>}
                    <p className="text-muted">
                      {item.quantity} × {money(unit)}
                    </p>
                    {short && <p className="text-rose">{t('checkout.checkStock')}</p>}
                  </div>
                  <p className="text-sm font-semibold">{money(unit * item.quantity)}</p>
                </li>
              );
            })}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted">{t('cart.subtotal')}</dt>
              <dd data-testid="checkout-subtotal">{money(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">{t('cart.shipping')}</dt>
              <dd data-testid="checkout-shipping">{fee === null ? t('checkout.chooseGovernorateFirst') : fee === 0 ? t('checkout.free') : money(fee)}</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
              <dt>{t('cart.total')}</dt>
              <dd data-testid="checkout-total" data-piastres={subtotal + (fee ?? 0)}>
                {money(subtotal + (fee ?? 0))}
              </dd>
            </div>
          </dl>
          <ChargedInEgp piastres={subtotal + (fee ?? 0)} />
          <button type="submit" disabled={isLoading} className="btn btn-primary mt-6 h-12 w-full gap-2 disabled:opacity-70">
            <Lock size={16} aria-hidden="true" />
            {isLoading ? t('checkout.placing') : t('checkout.placeOrder')}
          </button>
          <p className="mt-3 text-center text-xs text-muted">{t('checkout.terms')}</p>
        </aside>
      </form>
    </div>
  );
}
