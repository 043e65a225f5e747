import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FormProvider, get, useFormContext, useFormState, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { controlProps, Field, FieldError } from './field';
import { fieldId, ShopFormContext, useShopFormContext, type ShopForm } from './use-shop-form';

/**
 * A `<form>` wired to a `useShopForm`: fields inside it find the form, their ids and the error
 * wording by context. `onSubmit` is usually `shop.handleSubmit(onValid)`.
 */
export function ShopFormProvider<T extends FieldValues, TOut>({
  shop,
  onSubmit,
  className,
  children,
  ...rest
}: {
  shop: ShopForm<T, TOut>;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => unknown;
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  /** Where the form posts when scripts never ran (the checkout's `POST /checkout`). */
  method?: 'post';
  action?: string;
}) {
  return (
    <FormProvider {...shop.form}>
      <ShopFormContext.Provider value={shop.context}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={shop.prepare} className={className} {...rest}>
          {children}
        </form>
      </ShopFormContext.Provider>
    </FormProvider>
  );
}

/**
 * The id, translated error and aria props of a field of the surrounding form, for controls the
 * bound inputs below do not cover (a money input, a tag list). `error` may override the message.
 */
export function useFieldProps(name: string, opts: { hint?: 'aside' | 'below' | false; error?: string } = {}) {
  const { idPrefix, errorText } = useShopFormContext();
  const { errors } = useFormState({ name: name as never });
  const id = fieldId(idPrefix, name);
  const error = errorText(opts.error ?? (get(errors, name) as { message?: string } | undefined)?.message);
  return { id, error, control: controlProps(id, error, opts.hint) };
}

interface BoundProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A note beside the label, such as "Optional". */
  aside?: ReactNode;
  /** Class of the wrapper (grid placement). */
  className?: string;
  rules?: RegisterOptions;
}

function useBound({ name, hint, aside, rules }: BoundProps) {
  const { register, getValues } = useFormContext();
  const { id, error, control } = useFieldProps(name, { hint: aside ? 'aside' : hint ? 'below' : false });
  // The value is in the HTML too, so a page the server rendered shows it before (or without) scripts.
  const value = getValues(name) as unknown;
  return {
    id,
    error,
    props: { ...control, ...register(name, rules), defaultValue: typeof value === 'string' || typeof value === 'number' ? value : undefined },
  };
}

type TextInputProps = BoundProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
    inputClassName?: string;
    /** A unit or currency shown inside the input at its start or end (pad the input to fit). */
    start?: ReactNode;
    end?: ReactNode;
  };

const adornment = 'pointer-events-none absolute inset-y-0 flex items-center text-muted';

/** A labelled text input bound to the surrounding shop form. */
export function TextInput({ name, label, hint, aside, className, rules, inputClassName = '', start, end, ...input }: TextInputProps) {
  const { id, error, props } = useBound({ name, label, hint, aside, rules });
  const control = <input {...input} {...props} className={`field ${inputClassName}`} />;
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside} testName={name} className={className}>
      {start || end ? (
        <div className="relative" dir={input.dir}>
          {start && <span className={`${adornment} start-0 ps-3 text-xs font-semibold`}>{start}</span>}
          {control}
          {end && <span className={`${adornment} end-0 pe-3 text-sm`}>{end}</span>}
        </div>
      ) : (
        control
      )}
    </Field>
  );
}

type TextareaProps = BoundProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & { inputClassName?: string };

/** A labelled textarea bound to the surrounding shop form. */
export function Textarea({ name, label, hint, aside, className, rules, inputClassName = '', ...input }: TextareaProps) {
  const { id, error, props } = useBound({ name, label, hint, aside, rules });
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside} testName={name} className={className}>
      <textarea {...input} {...props} className={`field ${inputClassName}`} />
    </Field>
  );
}

type SelectProps = BoundProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & { children: ReactNode };

/** A labelled select bound to the surrounding shop form; the options are its children. */
export function Select({ name, label, hint, aside, className, rules, children, ...select }: SelectProps) {
  const { id, error, props } = useBound({ name, label, hint, aside, rules });
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={aside} testName={name} className={className}>
      <select {...select} {...props} className="field">
        {children}
      </select>
    </Field>
  );
}

/** A checkbox with its label after it, bound to the surrounding shop form. */
export function Checkbox({ name, label, className = '', rules }: { name: string; label: ReactNode; className?: string; rules?: RegisterOptions }) {
  const { register } = useFormContext();
  const { id, error, control } = useFieldProps(name);
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" {...control} {...register(name, rules)} className="h-4 w-4 accent-[var(--color-ink)]" />
        {label}
      </label>
      <FieldError id={id} error={error} testName={name} />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
}

/**
 * A set of radio cards under a legend, bound to the surrounding shop form. Each radio is named by
 * its label and described by its description; the card shows the keyboard focus. `after` is shown
 * under the cards (a note on the chosen option).
 */
export function RadioGroup({
  name,
  legend,
  options,
  legendClassName = '',
  className = '',
  after,
}: {
  name: string;
  legend: ReactNode;
  options: RadioOption[];
  legendClassName?: string;
  className?: string;
  after?: ReactNode;
}) {
  const { register, watch } = useFormContext();
  const { id, error } = useFieldProps(name);
  const current = watch(name) as unknown;
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="grid gap-3">
        {options.map((o, i) => (
          <label
            key={o.value}
            data-testid={`option-${name}-${o.value}`}
            className={`flex cursor-pointer items-center gap-4 rounded-2xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber has-[:focus-visible]:ring-offset-2 ${current === o.value ? 'border-ink' : 'border-line hover:border-muted'}`}
          >
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              value={o.value}
              defaultChecked={current === o.value}
              aria-labelledby={`${id}-${o.value}-label`}
              aria-describedby={o.description ? `${id}-${o.value}-text` : undefined}
              {...register(name)}
              className="h-5 w-5 shrink-0 accent-ink focus-visible:outline-none"
            />
            {o.icon}
            <span>
              <span id={`${id}-${o.value}-label`} className="block font-semibold">
                {o.label}
              </span>
              {o.description && (
                <span id={`${id}-${o.value}-text`} className="block text-sm text-muted">
                  {o.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {after}
      <FieldError id={id} error={error} testName={name} />
    </fieldset>
  );
}
