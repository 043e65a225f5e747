import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CatalogService } from './catalog-service.js';
import { findLiveAutomaticPromotions, type StoredPromotion } from '../repositories/promotion-repository.js';
import { type PromotionRule } from '../../shared/domain/promotions.js';
import { promotionStatus } from '../../shared/domain/promotion-codes.js';
import type { Language } from '../../shared/domain/languages.js';

/** An offer with its categories' slugs, as the quote names them. */
export interface LivePromotion extends StoredPromotion {
  categorySlugs: string[];
}

/** The quote's view of a stored offer, named in `language` (a code is named by itself). */
export function ruleOf(p: LivePromotion, language: Language): PromotionRule {
  return {
    id: p.id,
    code: p.code,
    name: p.code ?? p.names[language] ?? p.names.en,
    kind: p.kind,
    value: p.value,
    productIds: p.productIds,
    categories: p.categorySlugs,
    minSubtotal: p.minSubtotal,
    withProductDiscounts: p.withProductDiscounts,
    combines: p.combines,
  };
}

/** Category slugs of offers' category ids, in one read. */
export async function withCategorySlugs(db: Kysely<Database>, offers: StoredPromotion[]): Promise<LivePromotion[]> {
  const ids = [...new Set(offers.flatMap((p) => p.categoryIds))];
  const rows = ids.length ? await db.selectFrom('categories').select(['id', 'slug']).where('id', 'in', ids).execute() : [];
  const slug = new Map(rows.map((r) => [r.id, r.slug]));
  return offers.map((p) => ({ ...p, categorySlugs: p.categoryIds.flatMap((id) => slug.get(id) ?? []) }));
}

/**
 * The automatic offers this process knows of, kept per content version (every promotion write
 * bumps it, as a settings write does: use-cases/promotions.ts) and until the next moment one
 * starts or ends, so a scheduled offer goes live on time without a write. Uses are not judged
 * here: checkout takes a use atomically and refuses an offer whose uses ran out.
 */
export class PromotionsService {
  private kept: { version: number; until: number; offers: Promise<LivePromotion[]> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogService,
  ) {}

  /** Automatic offers not paused and not over (some may not have started). */
  async live(now: Date): Promise<LivePromotion[]> {
    const version = await this.catalog.currentVersion();
    const at = now.getTime();
    if (this.kept?.version !== version || at >= this.kept.until) {
      const offers = findLiveAutomaticPromotions(this.db, now.toISOString()).then((found) => withCategorySlugs(this.db, found));
      const kept = { version, until: Number.POSITIVE_INFINITY, offers };
      this.kept = kept;
      offers.then(
        (list) => {
          // The next start or end after now: the list is read again then.
          const moments = list.flatMap((p) => [p.startsAt, p.endsAt]).flatMap((m) => (m && Date.parse(m) > at ? [Date.parse(m)] : []));
          kept.until = Math.min(Number.POSITIVE_INFINITY, ...moments);
        },
        () => {
          if (this.kept === kept) this.kept = null;
        },
      );
    }
    return this.kept.offers;
  }

  /** The automatic offers running at `now`, as the quote reads them in `language`. */
  async automaticRules(language: Language, now: Date): Promise<PromotionRule[]> {
    const offers = await this.live(now);
    return offers.filter((p) => promotionStatus(p, now) === 'active').map((p) => ruleOf(p, language));
  }
}
