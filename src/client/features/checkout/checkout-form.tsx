import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type FieldName = 'fullName' | 'phone' | 'email' | 'governorate' | 'city' | 'address' | 'notes';
export type FormValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

interface FieldProps {
  name: FieldName;
  label: string;
  error?: string;
  optional?: boolean;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled field with its hint and its error beside it, wired for screen readers. */
export function Field({ name, label, error, optional, hint, children }: FieldProps) {
  const { t } = useTranslation();
  const id = `checkout-${name}`;
  const described = [optional || hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {(optional || hint) && (
          <span id={`${id}-hint`} className="text-xs text-muted">
            {hint ?? t('checkout.optional')}
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
