import type { ReactNode } from 'react';

/**
 * The ids and states an input needs to be tied to its label, hint and error. `hint` says whether
 * the field has a hint: one beside the label stays with an error, one under the control gives way.
 */
export function controlProps(id: string, error?: string, hint: 'aside' | 'below' | false = false) {
  const hintShown = hint === 'aside' || (hint === 'below' && !error);
  const described = [hintShown ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined };
}

export interface FieldProps {
  /** The control's id: the label points at it and the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** The translated error; shown under the control and named by its aria-describedby. */
  error?: string;
  /** Help under the control while there is no error. */
  hint?: ReactNode;
  /** A short note beside the label, such as "Optional" (stays when there is an error); not with `hint`. */
  aside?: ReactNode;
  /** Names the error for tests (`error-<testName>`). */
  testName?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A label, the control, its hint and its error: the one layout every form of the shop uses. The
 * control itself gets its ids from `controlProps` (the bound inputs of this folder do that).
 */
export function Field({ id, label, error, hint, aside, testName, className = '', children }: FieldProps) {
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {aside && (
          <span id={`${id}-hint`} className="text-xs text-muted">
            {aside}
          </span>
        )}
      </div>
      {children}
      {hint && !aside && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} testName={testName} />
    </div>
  );
}

/** A field's translated error, under its control; the control names it by `<id>-error`. */
export function FieldError({ id, error, testName, className = 'mt-1.5 text-sm' }: { id: string; error?: string; testName?: string; className?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={`font-medium text-rose ${className}`} data-testid={testName ? `error-${testName}` : undefined}>
      {error}
    </p>
  );
}

/** The message above a form for an error that is not about one field. */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose ${className}`}>
      {children}
    </p>
  );
}
