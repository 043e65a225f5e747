import { Banknote, CreditCard, Smartphone, Store, type LucideIcon } from 'lucide-react';
import type { PaymentMethod } from '../../../shared/domain/payments';

/** Each way to pay: its icon and the keys of its name and one-line explanation (`checkout.*`). */
export const paymentMethodView = {
  cod: { icon: Banknote, label: 'checkout.cod', text: 'checkout.codText' },
  card: { icon: CreditCard, label: 'checkout.card', text: 'checkout.cardText' },
  wallet: { icon: Smartphone, label: 'checkout.wallet', text: 'checkout.walletText' },
  kiosk: { icon: Store, label: 'checkout.kiosk', text: 'checkout.kioskText' },
} as const satisfies Record<PaymentMethod, { icon: LucideIcon; label: `checkout.${string}`; text: `checkout.${string}` }>;
