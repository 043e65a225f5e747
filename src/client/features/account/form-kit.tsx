import { errorKeys } from '../../app/api-failure';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { failureOf } from './account-api';

/** Translates a stable error code from the shared zod schemas or the server's `fields`. */
export function useErrorText() {
  const { t } = useTranslation();
  return (code: string | undefined) =>
    code ? t(`validation.${code}`, { defaultValue: t(`auth.errors.${code}`, { defaultValue: t('validation.invalid') }) }) : undefined;
}

/** Puts the server's field codes beside the fields and focuses the first. */
export function applyServerFields<T extends FieldValues>(form: UseFormReturn<T>, fields: Record<string, string>): boolean {
  const names = Object.keys(fields);
  names.forEach((name, i) => form.setError(name as Path<T>, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
  return names.length > 0;
}

/**
 * The submit handler of an account form: runs `action` with the valid values; a failure puts the
 * server's field codes beside the fields, or else a translated message in `alert`.
 */
export function useServerSubmit<T extends FieldValues>(form: UseFormReturn<T>, action: (values: T) => Promise<unknown>) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await action(values);
    } catch (err) {
      const f = failureOf(err);
      if (!applyServerFields(form, f.fields)) setAlert(t(errorKeys(f.code, 'auth.errors')));
    }
  });
  return { alert, submit };
}

interface InputProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: ReactNode;
  idPrefix: string;
  type?: string;
  autoComplete?: string;
  ltr?: boolean;
  hint?: ReactNode;
  children?: ReactNode;
}

/** A labelled input (or the select given as children) with its error beside it, wired for screen readers. */
export function FormInput<T extends FieldValues>({ form, name, label, idPrefix, type = 'text', autoComplete, ltr, hint, children }: InputProps<T>) {
  const errorText = useErrorText();
  const id = `${idPrefix}-${name}`;
  const error = errorText(form.formState.errors[name]?.message as string | undefined);
  const a11y = { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {children ? (
        <select {...a11y} {...form.register(name)} className="field">
          {children}
        </select>
      ) : (
        <input {...a11y} {...form.register(name)} type={type} autoComplete={autoComplete} dir={ltr ? 'ltr' : undefined} className="field" />
      )}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message above a form for an error that is not about one field. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-[#fdf3f0] p-3 text-sm font-semibold text-rose">
      {children}
    </p>
  );
}
