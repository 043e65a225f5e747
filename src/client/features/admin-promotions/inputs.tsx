import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { parseTypedNumber } from '../../../shared/domain/currency';
import { shopLocalOf, shopLocalToInstant } from '../../../shared/domain/shop-time';

type Bare = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

/**
 * A whole number the form holds as a number, or null while empty. The text is kept as typed
 * (Arabic-Indic digits accepted), so nothing jumps while typing; text that is not a number is NaN,
 * which the schema refuses as `invalid`.
 */
export function NumberInput({
  value,
  onChange,
  end,
  className = '',
  ...rest
}: Bare & { value: number | null; onChange: (n: number | null) => void; end?: string }) {
  const [text, setText] = useState(() => (value === null ? '' : String(value)));
  useEffect(() => {
    // Follow outside changes (a reset, another kind of discount), not our own echo.
    setText((current) => {
      const typed = parseTypedNumber(current);
      return typed === value || (Number.isNaN(typed) && Number.isNaN(value)) ? current : value === null || Number.isNaN(value) ? '' : String(value);
    });
  }, [value]);
  return (
    <div className={`relative ${className}`}>
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseTypedNumber(e.target.value));
        }}
        className={`field tabular-nums ${end ? 'pe-9' : ''}`}
      />
      {end && <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-3 text-sm font-semibold text-muted">{end}</span>}
    </div>
  );
}

/**
 * A moment the merchant enters in Cairo time (a datetime-local field), held as an ISO instant or
 * null while empty: the shop's clock, whatever the zone of the computer in front of it.
 */
export function ShopDateTimeInput({ value, onChange, ...rest }: Bare & { value: string | null; onChange: (iso: string | null) => void }) {
  return (
    <input
      {...rest}
      type="datetime-local"
      value={value ? shopLocalOf(value) : ''}
      onChange={(e) => onChange(e.target.value ? shopLocalToInstant(e.target.value) : null)}
      className="field px-3 text-sm tabular-nums"
    />
  );
}
