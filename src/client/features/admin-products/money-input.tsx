import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { currencySymbol, parseEgp } from '../../../shared/domain/currency';

const show = (piastres: number | null | undefined) => (typeof piastres === 'number' && Number.isFinite(piastres) ? (piastres / 100).toFixed(2) : '');

/**
 * An EGP amount with two decimals, held by the form as integer piastres. The typed text is kept
 * as typed (nothing jumps while typing) and tidied to two decimals on blur.
 */
export function MoneyInput({
  value,
  onChange,
  className = '',
  ...rest
}: { value: number | null; onChange: (piastres: number | null) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const { i18n } = useTranslation();
  const [text, setText] = useState(() => show(value));
  useEffect(() => {
    // Follow outside changes (a reset), not our own echo.
    setText((current) => (parseEgp(current) === value || (value === null && current === '') ? current : show(value)));
  }, [value]);
  return (
    <div className={`relative ${className}`}>
      <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-xs font-semibold text-muted">
        {currencySymbol('EGP', i18n.language)}
      </span>
      <input
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseEgp(e.target.value));
        }}
        onBlur={(e) => {
          const parsed = parseEgp(text);
          if (parsed !== null && Number.isFinite(parsed)) setText(show(parsed));
          rest.onBlur?.(e);
        }}
        className="field ps-12 tabular-nums"
      />
    </div>
  );
}
