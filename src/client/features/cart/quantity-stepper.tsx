import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Minus, Plus } from 'lucide-react';

interface Props {
  id: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  onDecrease?: () => void;
  label?: string;
}

/** − / typed number / +, bounded 1..max; typing more than the stock clamps to it. */
export function QuantityStepper({ id, value, max, onChange, onDecrease, label }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Math.floor(Number(text));
    if (!Number.isFinite(n) || n < 1) setText(String(value));
    else if (n !== value) onChange(n);
    else setText(String(value));
  };
  return (
    <div className="inline-flex items-center rounded-full border border-line bg-white">
      <button
        type="button"
        onClick={() => (onDecrease ? onDecrease() : onChange(value - 1))}
        disabled={!onDecrease && value <= 1}
        className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
        aria-label={t('cart.decrease')}
      >
        <Minus size={15} aria-hidden="true" />
      </button>
      <label htmlFor={id} className="sr-only">
        {label ?? t('cart.quantity')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
        className="h-10 w-12 bg-transparent text-center font-semibold tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
        aria-label={t('cart.increase')}
      >
        <Plus size={15} aria-hidden="true" />
      </button>
    </div>
  );
}
