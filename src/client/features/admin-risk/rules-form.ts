import { z } from 'zod';
import { parseEgp } from '../../../shared/domain/currency';
import { riskRulesSchema, type RiskRulesInput } from '../../../shared/schemas/risk';

/**
 * The risk rules form holds the amount as the merchant types it (EGP text, empty for off) and is
 * checked by the server's own schema: the text becomes piastres (or null), then `riskRulesSchema`.
 */
export const rulesFormSchema = z
  .object({ flagRefusedBefore: z.boolean(), flagRepeatWithinHour: z.boolean(), flagTotalAbove: z.string() })
  .transform((v) => ({ ...v, flagTotalAbove: v.flagTotalAbove.trim() === '' ? null : (parseEgp(v.flagTotalAbove) ?? Number.NaN) }))
  .pipe(riskRulesSchema);

export type RulesFormValues = z.input<typeof rulesFormSchema>;

/** The stored rules as form values (piastres as EGP with two decimals). */
export function toRulesForm(r: RiskRulesInput): RulesFormValues {
  return { ...r, flagTotalAbove: r.flagTotalAbove === null ? '' : (r.flagTotalAbove / 100).toFixed(2) };
}
