import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { normalizePromotionCode } from '../../../shared/domain/promotion-codes';
import { adminPromotionSchema, type AdminPromotion, type AdminPromotionDetail, type AdminPromotionInput } from '../../../shared/schemas/promotion';

/** How an offer applies: the shopper types its code, or it applies by itself. */
export type PromotionTrigger = 'code' | 'automatic';
/** What an offer covers: the whole order, chosen categories or chosen products. */
export type PromotionScope = 'order' | 'categories' | 'products';

/**
 * The promotion form's values: the wire fields (`adminPromotionSchema`'s input), two choices the
 * wire says by emptiness (no code: automatic; no products nor categories: the whole order), and
 * numbers a field may hold empty while typed (the check says "required" rather than taking 0).
 */
export type PromotionFormValues = Omit<AdminPromotionInput, 'value' | 'minSubtotal' | 'code' | 'productIds' | 'categoryIds'> & {
  trigger: PromotionTrigger;
  scope: PromotionScope;
  code: string;
  /** A whole percent, or piastres: what `kind` says. */
  value: number | null;
  /** Piastres; empty is no minimum. */
  minSubtotal: number | null;
  productIds: number[];
  categoryIds: number[];
};

export const blankPromotion: PromotionFormValues = {
  names: { en: '', ar: '', fr: '', de: '' },
  trigger: 'code',
  code: '',
  kind: 'percent',
  value: null,
  scope: 'order',
  productIds: [],
  categoryIds: [],
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  perCustomer: null,
  firstOrderOnly: false,
  withProductDiscounts: false,
  combines: false,
  paused: false,
};

/** A stored offer as the form shows it. */
export function toFormValues(p: AdminPromotionDetail): PromotionFormValues {
  return {
    names: { en: p.names.en, ar: p.names.ar, fr: p.names.fr ?? '', de: p.names.de ?? '' },
    trigger: p.code === null ? 'automatic' : 'code',
    code: p.code ?? '',
    kind: p.kind,
    value: p.kind === 'free_delivery' ? null : p.value,
    scope: p.productIds.length ? 'products' : p.categoryIds.length ? 'categories' : 'order',
    productIds: p.productIds,
    categoryIds: p.categoryIds,
    minSubtotal: p.minSubtotal,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    maxUses: p.maxUses,
    perCustomer: p.perCustomer,
    firstOrderOnly: p.firstOrderOnly,
    withProductDiscounts: p.withProductDiscounts,
    combines: p.combines,
    paused: p.paused,
  };
}

/** What the form sends: the choices said the wire's way; the scope not chosen leaves its list empty. */
export function toWireInput({ trigger, scope, ...v }: PromotionFormValues): AdminPromotionInput {
  return {
    ...v,
    code: trigger === 'automatic' ? null : v.code,
    value: v.kind === 'free_delivery' ? 0 : (v.value as number),
    minSubtotal: v.minSubtotal ?? 0,
    productIds: scope === 'products' ? v.productIds : [],
    categoryIds: scope === 'categories' ? v.categoryIds : [],
  };
}

const wireResolver = zodResolver(adminPromotionSchema) as unknown as Resolver<AdminPromotionInput, unknown, AdminPromotion>;

/**
 * Checks the form with the server's schema (`adminPromotionSchema`) on what it would send, and
 * one rule of the form's own: a scope of chosen categories or products needs at least one (the
 * wire would read an empty list as the whole order). Errors keep the wire's paths, which are the
 * form's too.
 */
export const promotionResolver: Resolver<PromotionFormValues, unknown, AdminPromotion> = async (values, context, options) => {
  const result = await wireResolver(toWireInput(values), context, options as never);
  const errors: Record<string, unknown> = { ...result.errors };
  // The code is a union (empty, null or a code): zod names the union's first branch, not why the code is refused.
  if (result.errors.code && !/^[a-z_]+$/.test(result.errors.code.message ?? ''))
    errors.code = { type: 'code', message: normalizePromotionCode(values.code) === null && values.code.trim() ? 'code_invalid' : 'invalid' };
  const list = values.scope === 'products' ? 'productIds' : values.scope === 'categories' ? 'categoryIds' : null;
  if (list && values[list].length === 0) errors[list] = { type: 'scope', message: 'scope_empty' };
  return (Object.keys(errors).length ? { values: {}, errors } : result) as never;
};
