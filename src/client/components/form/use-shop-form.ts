import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useStorefrontErrorText, type ErrorText } from './error-text';

export { useStorefrontErrorText, type ErrorText };

/** What the bound fields of a form need besides React Hook Form: how to name ids and errors. */
export interface ShopFormContextValue {
  idPrefix: string;
  errorText: ErrorText;
}
export const ShopFormContext = createContext<ShopFormContextValue | null>(null);

/** The element id of a form path in a form with ids `<prefix>-...` (`variants.2.stock` -> `pf-variants-2-stock`). */
export const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`;

/** Every path holding an error message, depth first (`{ name: { en: {message} } }` -> `name.en`). */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`;
    if ('message' in value && typeof value.message === 'string') out.push(path);
    else out.push(...errorPaths(value as FieldErrors, `${path}.`));
  }
  return [...new Set(out)];
}

/** The control showing a path: its own id, else the id of its top-level field, else the first id starting so. */
function elementOf(prefix: string, path: string): HTMLElement | null {
  const top = fieldId(prefix, path.split('.')[0]!);
  return document.getElementById(fieldId(prefix, path)) ?? document.getElementById(top) ?? document.querySelector<HTMLElement>(`[id^="${top}"]`);
}

const before = (a: HTMLElement | null, b: HTMLElement | null) => {
  if (!a) return 1;
  if (!b) return -1;
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
};

export interface ShopFormOptions<T extends FieldValues, TOut> extends Omit<UseFormProps<T, unknown, TOut>, 'resolver'> {
  /**
   * The shared zod schema the server uses too, or a function that loads it: a page whose first
   * script should not carry zod (checkout, issue 17) fetches it when the shopper first enters the
   * form, and a check made before it is here waits for it.
   */
  schema?: z.ZodType<unknown, T> | (() => Promise<z.ZodType<unknown, T>>);
  /** A resolver of the form's own, for a form that checks only part of its values. */
  resolver?: Resolver<T, unknown, TOut>;
  /** Hand the submit handler the values as typed (the server normalises them) rather than parsed. */
  raw?: boolean;
  /** Prefix of every control id in this form (`checkout` -> `checkout-phone`). */
  idPrefix: string;
  /** How this form words error codes; the storefront's `validation.*` texts by default. */
  errorText?: ErrorText;
  /** Called with the values on every change: where a form keeps its draft so nothing typed is lost. */
  onDraft?: (values: T) => void;
  /** Makes the control of a path visible (opens its tab) before it takes the focus. */
  reveal?: (path: string) => void;
}

export interface ShopForm<T extends FieldValues, TOut> {
  form: UseFormReturn<T, unknown, TOut>;
  context: ShopFormContextValue;
  /** Focuses the first of these paths in page order (after revealing it). */
  focusFirst: (paths: string[]) => void;
  /**
   * Puts the server's field codes (`ApiFailure.fields`) beside the fields they name and focuses the
   * first. Paths the form does not hold are left out; returns the paths placed.
   */
  applyServerErrors: (fields: Record<string, string>, mapPath?: (path: string) => string) => string[];
  /** The form's submit handler: valid values go to `onValid`; invalid ones focus the first error (and call `onInvalid`). */
  handleSubmit: (onValid: SubmitHandler<TOut>, onInvalid?: () => void) => (e?: React.BaseSyntheticEvent) => Promise<unknown>;
  /** Starts fetching a schema given as a loader (the form calls it when the shopper enters it). */
  prepare?: () => void;
}

/**
 * The one way the shop writes a form: React Hook Form checked by the shared zod schema, with
 * translated errors beside the fields, the first invalid field focused on submit, the server's
 * field errors mapped back onto the fields, and an optional draft kept as the shopper types.
 */
export function useShopForm<T extends FieldValues, TOut = T>(options: ShopFormOptions<T, TOut>): ShopForm<T, TOut> {
  const { schema, resolver, raw, idPrefix, errorText, onDraft, reveal, ...formProps } = options;
  const storefrontText = useStorefrontErrorText();
  const { resolve, prepare } = useMemo(() => {
    if (resolver || !schema) return { resolve: resolver, prepare: undefined };
    // zod's resolver comes with the schema, when the form is first entered or checked: no page
    // carries it in the script it needs before it is live (the checkout's was 1.7 KB).
    const source = typeof schema === 'function' ? schema : () => Promise.resolve(schema);
    let loading: Promise<Resolver<T, unknown, TOut>> | null = null;
    const load = () =>
      (loading ??= Promise.all([source(), import('@hookform/resolvers/zod')]).then(
        ([given, { zodResolver }]) =>
          (raw ? zodResolver(given as never, undefined, { raw: true }) : zodResolver(given as never)) as unknown as Resolver<T, unknown, TOut>,
      ));
    const lazy: Resolver<T, unknown, TOut> = async (values, context, options) => {
      let check: Resolver<T, unknown, TOut>;
      try {
        check = await load();
      } catch {
        // The schema could not be fetched (a failing connection): the server checks what is sent
        // and its field errors come back beside the fields; the next check tries again.
        loading = null;
        return { values: values as unknown as TOut, errors: {} };
      }
      return check(values, context, options);
    };
    return { resolve: lazy, prepare: () => void load() };
  }, [resolver, schema, raw]);
  const form = useForm<T, unknown, TOut>({ ...formProps, resolver: resolve, shouldFocusError: false });
  const context = useMemo(() => ({ idPrefix, errorText: errorText ?? storefrontText }), [idPrefix, errorText, storefrontText]);

  const latest = useRef({ onDraft, reveal });
  latest.current = { onDraft, reveal };
  useEffect(() => {
    if (!latest.current.onDraft) return;
    const sub = form.watch((values) => latest.current.onDraft?.(values as T));
    return () => sub.unsubscribe();
  }, [form]);

  const focusFirst = useCallback(
    (paths: string[]) => {
      const first = paths.map((p) => ({ p, el: elementOf(idPrefix, p) })).sort((a, b) => before(a.el, b.el))[0];
      if (!first) return;
      latest.current.reveal?.(first.p);
      // After the render that shows the error (and the revealed tab).
      window.setTimeout(() => {
        const el = elementOf(idPrefix, first.p);
        el?.focus();
        el?.scrollIntoView?.({ block: 'center' });
      }, 0);
    },
    [idPrefix],
  );

  const applyServerErrors = useCallback(
    (fields: Record<string, string>, mapPath: (path: string) => string = (p) => p) => {
      const known = Object.keys(form.getValues());
      const placed: string[] = [];
      for (const [path, code] of Object.entries(fields)) {
        const target = mapPath(path);
        if (placed.includes(target) || !known.includes(target.split('.')[0]!)) continue;
        form.setError(target as Path<T>, { type: 'server', message: code });
        placed.push(target);
      }
      focusFirst(placed);
      return placed;
    },
    [form, focusFirst],
  );

  const handleSubmit = useCallback(
    (onValid: SubmitHandler<TOut>, onInvalid?: () => void) =>
      form.handleSubmit(onValid, (errors) => {
        focusFirst(errorPaths(errors));
        onInvalid?.();
      }),
    [form, focusFirst],
  );

  return { form, context, focusFirst, applyServerErrors, handleSubmit, prepare };
}

/** The form's id prefix and error wording, for the bound fields. */
export function useShopFormContext(): ShopFormContextValue {
  const value = useContext(ShopFormContext);
  if (!value) throw new Error('A shop form field must sit inside <ShopFormProvider>.');
  return value;
}
