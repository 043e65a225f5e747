import { formatShopTime } from '../../../shared/domain/shop-time';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ChevronDown, KeyRound, LogOut, MapPinned, Package, Pencil, Plus, Star, Trash2, UserRound } from 'lucide-react';
import {
  addressSchema,
  passwordChangeSchema,
  profileSchema,
  type AddressInput,
  type PasswordChangeInput,
  type ProfileInput,
  type SavedAddress,
  type SessionUser,
} from '../../../shared/schemas/auth';
import { governorates, findGovernorate } from '../../../shared/domain/governorates';
import { formatPiastres } from '../../../shared/domain/currency';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Seo } from '../../components/ui/seo';
import { Preloader } from '../../components/ui/preloader';
import { showToast } from '../../components/ui/toast';
import { OrderSummary } from '../../components/order/order-summary';
import { PageIntro } from '../pages';
import { useLogoutMutation } from '../../app/auth-api';
import { setUser } from '../../app/user-slice';
import {
  useChangePasswordMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useGetMyOrderQuery,
  useGetMyOrdersQuery,
  useSaveAddressMutation,
  useUpdateProfileMutation,
} from './account-api';
import { useServerSubmit } from './form-kit';
import { Checkbox, FormAlert, Select, ShopFormProvider, TextInput, useShopForm } from '../../components/form';
import { SignedOutAccount } from './signed-out-account';
import { PhoneNumber } from '../../components/ui/phone-number';
import { ReviewOrderLink } from '../reviews';
import { ReturnSection } from '../returns';

const tabs = [
  ['orders', Package],
  ['addresses', MapPinned],
  ['details', UserRound],
  ['password', KeyRound],
] as const;
type TabKey = (typeof tabs)[number][0];

/** `/my-account`: a signed-in shopper's orders, addresses, details and password. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.user);
  const checked = useAppSelector((s) => s.app.sessionChecked);
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const tab = (tabs.find(([k]) => k === params.get('tab'))?.[0] ?? 'orders') as TabKey;
  const [logout] = useLogoutMutation();

  // The stored mirror of the user may be stale (signed out in another tab, or a moment ago): the
  // page asks for orders only once the server has said who is signed in (offline, the mirror stands).
  if (!checked) return <Preloader />;
  if (!user) return <SignedOutAccount />;

  const signOut = async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(setUser(null));
    showToast('info', t('account.signedOut'));
    void navigate('/');
  };

  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={t('nav.account')} />
      <PageIntro crumb={t('nav.account')} eyebrow={t('account.eyebrow')} title={t('account.hello', { name: user.name.split(' ')[0] })} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[240px_1fr]">
        <nav aria-label={t('account.title')} className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap lg:flex-col lg:flex-nowrap">
          {tabs.map(([key, Icon]) => (
            <button
              key={key}
              type="button"
              aria-current={tab === key ? 'page' : undefined}
              onClick={() => setParams(key === 'orders' ? {} : { tab: key }, { replace: true })}
              className={`flex shrink-0 items-center gap-3 rounded-2xl px-4 py-3 text-sm font-semibold transition-colors ${tab === key ? 'bg-ink text-ivory' : 'bg-white text-ink shadow-soft hover:bg-sand'}`}
            >
              <Icon size={18} aria-hidden="true" />
              {t(`account.${key}Title`)}
            </button>
          ))}
          <button
            type="button"
            onClick={() => void signOut()}
            className="flex shrink-0 items-center gap-3 rounded-2xl px-4 py-3 text-sm font-semibold text-rose hover:bg-[#fdf3f0]"
          >
            <LogOut size={18} aria-hidden="true" className="rtl:rotate-180" />
            {t('account.signOut')}
          </button>
        </nav>
        <section className="min-w-0">
          {tab === 'orders' && <Orders />}
          {tab === 'addresses' && <Addresses />}
          {tab === 'details' && <Details user={user} />}
          {tab === 'password' && <Password />}
        </section>
      </div>
    </div>
  );
}

function Panel({ title, text, children }: { title: string; text?: string; children: React.ReactNode }) {
  return (
    <div className="rounded-3xl bg-white p-5 shadow-soft sm:p-8">
      <h2 className="font-display text-3xl font-semibold">{title}</h2>
      {text && <p className="mt-1 text-sm text-muted">{text}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function Orders() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetMyOrdersQuery();
  const [open, setOpen] = useState<string | null>(null);
  const lng = i18n.resolvedLanguage ?? 'en';
  const date = (iso: string) => formatShopTime(iso, lng, { dateStyle: 'medium' });

  return (
    <Panel title={t('account.ordersTitle')} text={t('account.ordersLead')}>
      {isLoading && <p className="text-sm text-muted">{t('common.loading')}</p>}
      {isError && (
        <FormAlert>
          {t('account.loadFailed')}{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            {t('account.retry')}
          </button>
        </FormAlert>
      )}
      {data && data.items.length === 0 && (
        <div className="rounded-2xl bg-sand/60 p-6 text-center">
          <p className="font-semibold">{t('account.noOrders')}</p>
          <Link to="/shop-grid-standard" className="btn btn-primary mt-4">
            {t('account.startShopping')}
          </Link>
        </div>
      )}
      <ul className="grid gap-3">
        {data?.items.map((o) => (
          <li key={o.number} className="rounded-2xl border border-line" data-testid="account-order">
            <button
              type="button"
              aria-expanded={open === o.number}
              onClick={() => setOpen(open === o.number ? null : o.number)}
              className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 p-4 text-start"
            >
              <span className="font-semibold" dir="ltr">
                {o.number}
              </span>
              <span className="text-sm text-muted">{date(o.createdAt)}</span>
              <span className="rounded-full bg-sand px-3 py-0.5 text-xs font-semibold" data-testid="account-order-status">
                {t(`orderStatus.${o.status}`)}
              </span>
              <span className="ms-auto font-semibold">{formatPiastres(o.total, lng)}</span>
              <ChevronDown size={18} aria-hidden="true" className={`transition-transform ${open === o.number ? 'rotate-180' : ''}`} />
            </button>
            {open === o.number && <OrderDetail number={o.number} />}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function OrderDetail({ number }: { number: string }) {
  const { t } = useTranslation();
  const { data, isError } = useGetMyOrderQuery(number);
  if (isError) return <p className="p-4 text-sm text-rose">{t('account.loadFailed')}</p>;
  if (!data) return <p className="p-4 text-sm text-muted">{t('common.loading')}</p>;
  return (
    <div className="border-t border-line p-3 sm:p-4">
      {data.reviewLink && <ReviewOrderLink href={data.reviewLink} className="mb-3" />}
      <OrderSummary order={data} />
      {data.status === 'delivered' && <ReturnSection access={{ number: data.number }} className="mt-6" />}
    </div>
  );
}

const emptyAddress: AddressInput = { label: '', name: '', phone: '', governorate: '', city: '', address: '', isDefault: false };

function Addresses() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useGetAddressesQuery();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [remove] = useDeleteAddressMutation();
  const ar = i18n.resolvedLanguage === 'ar';

  const del = async (a: SavedAddress) => {
    if (!window.confirm(t('account.deleteAddressConfirm', { label: a.label }))) return;
    try {
      await remove(a.id).unwrap();
      showToast('info', t('account.addressDeleted'));
    } catch {
      showToast('error', t('account.saveFailed'));
    }
  };

  if (editing) return <AddressForm address={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />;
  return (
    <Panel title={t('account.addressesTitle')} text={t('account.addressesLead')}>
      {isLoading && <p className="text-sm text-muted">{t('common.loading')}</p>}
      <ul className="grid gap-4 sm:grid-cols-2">
        {data?.items.map((a) => (
          <li key={a.id} className={`relative rounded-2xl border p-5 ${a.isDefault ? 'border-amber bg-sand/40' : 'border-line'}`} data-testid="saved-address">
            <p className="flex items-center gap-2 font-semibold">
              {a.label}
              {a.isDefault && (
                <span className="inline-flex items-center gap-1 rounded-full bg-honey/30 px-2 py-0.5 text-xs text-amber-dark">
                  <Star size={12} aria-hidden="true" />
                  {t('account.default')}
                </span>
              )}
            </p>
            <p className="mt-2 text-sm">{a.name}</p>
            <p className="text-sm text-muted">
              <PhoneNumber value={a.phone} />
            </p>
            <p className="text-sm text-muted">
              {a.address}, {a.city}, {(ar ? findGovernorate(a.governorate)?.ar : findGovernorate(a.governorate)?.en) ?? a.governorate}
            </p>
            <div className="mt-4 flex gap-2">
              <button type="button" onClick={() => setEditing(a)} className="btn btn-ghost h-9 !px-4 text-xs">
                <Pencil size={14} aria-hidden="true" />
                {t('account.edit')}
              </button>
              <button type="button" onClick={() => void del(a)} className="btn h-9 !px-4 text-xs text-rose hover:bg-[#fdf3f0]">
                <Trash2 size={14} aria-hidden="true" />
                {t('account.delete')}
              </button>
            </div>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="flex h-full min-h-40 w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line p-5 text-sm font-semibold text-muted hover:border-ink hover:text-ink"
          >
            <Plus size={22} aria-hidden="true" />
            {t('account.addAddress')}
          </button>
        </li>
      </ul>
    </Panel>
  );
}

function AddressForm({ address, onDone }: { address?: SavedAddress; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [save] = useSaveAddressMutation();
  const shop = useShopForm<AddressInput>({
    schema: addressSchema,
    raw: true,
    idPrefix: 'address',
    defaultValues: address
      ? {
          label: address.label,
          name: address.name,
          phone: address.phone,
          governorate: address.governorate,
          city: address.city,
          address: address.address,
          isDefault: address.isDefault,
        }
      : emptyAddress,
  });
  const ar = i18n.resolvedLanguage === 'ar';

  const { alert, submit } = useServerSubmit(shop, async (values) => {
    await save({ id: address?.id, body: values }).unwrap();
    showToast('success', t('account.addressSaved'));
    onDone();
  });

  return (
    <Panel title={address ? t('account.editAddress') : t('account.addAddress')}>
      <ShopFormProvider shop={shop} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {alert && (
          <div className="sm:col-span-2">
            <FormAlert>{alert}</FormAlert>
          </div>
        )}
        <TextInput name="label" label={t('account.addressLabel')} hint={t('account.addressLabelHint')} />
        <TextInput name="name" label={t('checkout.fullName')} autoComplete="name" />
        <TextInput name="phone" label={t('checkout.phone')} type="tel" autoComplete="tel" dir="ltr" />
        <Select name="governorate" label={t('checkout.governorate')}>
          <option value="">{t('checkout.chooseGovernorate')}</option>
          {governorates.map((g) => (
            <option key={g.code} value={g.code}>
              {ar ? g.ar : g.en}
            </option>
          ))}
        </Select>
        <TextInput name="city" label={t('checkout.city')} autoComplete="address-level2" />
        <TextInput name="address" label={t('checkout.address')} autoComplete="street-address" />
        <Checkbox name="isDefault" label={t('account.makeDefault')} className="sm:col-span-2" />
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" disabled={shop.form.formState.isSubmitting} className="btn btn-primary h-12 px-8">
            {shop.form.formState.isSubmitting ? t('account.saving') : t('account.saveAddress')}
          </button>
          <button type="button" onClick={onDone} className="btn btn-ghost h-12">
            {t('account.cancel')}
          </button>
        </div>
      </ShopFormProvider>
    </Panel>
  );
}

function Details({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [update] = useUpdateProfileMutation();
  const shop = useShopForm<ProfileInput>({
    schema: profileSchema,
    raw: true,
    idPrefix: 'details',
    defaultValues: { name: user.name, phone: user.phone ?? '' },
  });
  const { alert, submit } = useServerSubmit(shop, async (values) => {
    const res = await update(values).unwrap();
    dispatch(setUser(res.user));
    shop.form.reset({ name: res.user.name, phone: res.user.phone ?? '' });
    showToast('success', t('account.detailsSaved'));
  });
  return (
    <Panel title={t('account.detailsTitle')} text={t('account.detailsText')}>
      <ShopFormProvider shop={shop} onSubmit={submit} className="grid max-w-lg gap-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <div>
          <label htmlFor="details-email" className="mb-1.5 block text-sm font-semibold">
            {t('auth.email')}
          </label>
          <input id="details-email" value={user.email} readOnly dir="ltr" className="field bg-sand/40 text-muted" aria-describedby="details-email-hint" />
          <p id="details-email-hint" className="mt-1 text-xs text-muted">
            {t('account.emailFixed')}
          </p>
        </div>
        <TextInput name="name" label={t('auth.name')} autoComplete="name" />
        <TextInput name="phone" label={t('auth.phone')} type="tel" autoComplete="tel" dir="ltr" />
        <button type="submit" disabled={shop.form.formState.isSubmitting} className="btn btn-primary h-12 w-fit px-8">
          {shop.form.formState.isSubmitting ? t('account.saving') : t('account.saveDetails')}
        </button>
      </ShopFormProvider>
    </Panel>
  );
}

function Password() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const shop = useShopForm<PasswordChangeInput>({
    schema: passwordChangeSchema,
    raw: true,
    idPrefix: 'password',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { alert, submit } = useServerSubmit(shop, async (values) => {
    await change(values).unwrap();
    shop.form.reset();
    showToast('success', t('account.passwordChanged'));
  });
  return (
    <Panel title={t('account.passwordTitle')} text={t('account.passwordLead')}>
      <ShopFormProvider shop={shop} onSubmit={submit} className="grid max-w-lg gap-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextInput name="currentPassword" label={t('account.currentPassword')} type="password" autoComplete="current-password" dir="ltr" />
        <TextInput name="newPassword" label={t('account.newPassword')} type="password" autoComplete="new-password" dir="ltr" hint={t('auth.passwordHint')} />
        <button type="submit" disabled={shop.form.formState.isSubmitting} className="btn btn-primary h-12 w-fit px-8">
          {shop.form.formState.isSubmitting ? t('account.saving') : t('account.changePassword')}
        </button>
      </ShopFormProvider>
    </Panel>
  );
}
