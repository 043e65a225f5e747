import type { ReactNode } from 'react';
import type { PaymentMethod } from '../../../shared/domain/payments';

interface IconProps {
  /** Pixels, width and height. */
  size?: number;
  className?: string;
}

/**
 * A line icon drawn as lucide draws them (24-unit box, round strokes), written here rather than
 * imported: lucide's icons that the admin also uses become chunks of their own, and the checkout's
 * script before it is live has a budget (issue 17).
 */
const icon = (shape: ReactNode) =>
  function PaymentIcon({ size = 24, className }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden="true"
      >
        {shape}
      </svg>
    );
  };

/** A way to pay as the shop shows it: its icon, and the keys of its name and one-line explanation. */
const view = <M extends PaymentMethod>(method: M, shape: ReactNode) => ({
  icon: icon(shape),
  label: `checkout.${method}` as const,
  text: `checkout.${method}Text` as const,
});

/** Each way to pay: its icon and the keys of its name and one-line explanation (`checkout.*`). */
export const paymentMethodView = {
  cod: view(
    'cod',
    <>
      <rect width="20" height="12" x="2" y="6" rx="2" />
      <circle cx="12" cy="12" r="2" />
      <path d="M6 12h.01M18 12h.01" />
    </>,
  ),
  card: view(
    'card',
    <>
      <rect width="20" height="14" x="2" y="5" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>,
  ),
  wallet: view(
    'wallet',
    <>
      <rect width="14" height="20" x="5" y="2" rx="2" />
      <path d="M12 18h.01" />
    </>,
  ),
  kiosk: view('kiosk', <path d="M2 10l2-6h16l2 6zM4 10v10h16V10M10 20v-5h4v5" />),
} satisfies Record<PaymentMethod, ReturnType<typeof view>>;
