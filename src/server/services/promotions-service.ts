import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CatalogService } from './catalog-service.js';
import { findLiveAutomaticPromotions, type StoredPromotion } from '../repositories/promotion-repository.js';
import { type ListedPromotion, type PromotionRule } from '../../shared/domain/promotions.js';
import { promotionStatus } from '../../shared/domain/promotion-codes.js';
import type { Language } from '../../shared/domain/languages.js';
import type { ListingOffers, OfferSource } from '../catalog/offers.js';

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
export class PromotionsService implements OfferSource {
  private kept: { version: number; from: number; until: number; offers: Promise<LivePromotion[]> } | null = null;
  private listing: { version: number; from: number; until: number; offers: ListingOffers } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogService,
  ) {}

  /** Automatic offers not paused and not over (some may not have started). */
  async live(now: Date): Promise<LivePromotion[]> {
    const version = await this.catalog.currentVersion();
    const at = now.getTime();
    if (this.kept?.version !== version || at < this.kept.from || at >= this.kept.until) {
      const offers = findLiveAutomaticPromotions(this.db, now.toISOString()).then((found) => withCategorySlugs(this.db, found));
      const kept = { version, from: at, until: Number.POSITIVE_INFINITY, offers };
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

  /**
   * What listings show of the offers now (catalog/offers.ts): the running automatic offers that
   * name products or categories and take money off, kept per content version and until the next
   * start or end, with a stamp naming which offers run as last saved (a product's edit does not
   * change it, so kept listings are not all rebuilt).
   */
  async listingOffers(now = new Date()): Promise<ListingOffers> {
    const version = await this.catalog.currentVersion();
    const at = now.getTime();
    const kept = this.listing;
    if (kept && kept.version === version && at >= kept.from && at < kept.until) return kept.offers;
    const live = await this.live(now);
    const running = live.filter((p) => promotionStatus(p, now) === 'active' && p.kind !== 'free_delivery' && (p.productIds.length || p.categorySlugs.length));
    const moments = live.flatMap((p) => [p.startsAt, p.endsAt]).flatMap((m) => (m && Date.parse(m) > at ? [Date.parse(m)] : []));
    const named = new Map<Language, ListedPromotion[]>();
    const listed = (language: Language): ListedPromotion[] => {
      let list = named.get(language);
      if (!list) {
        list = running.map((p) => ({ rule: ruleOf(p, language), certain: certainForOne(p) }));
        named.set(language, list);
      }
      return list;
    };
    const offers: ListingOffers = {
      // What listings show changes only with these offers: each one's id and last save.
      stamp: running.map((p) => `${p.id}@${p.updatedAt}`).join(','),
      listed,
      productIds: [...new Set(running.flatMap((p) => p.productIds))],
      categories: [...new Set(running.flatMap((p) => p.categorySlugs))],
    };
    this.listing = { version, from: at, until: Math.min(Number.POSITIVE_INFINITY, ...moments), offers };
    return offers;
  }
}

/** Whether one unit bought alone gets the offer whoever buys it (`ListedPromotion.certain`). */
function certainForOne(p: StoredPromotion): boolean {
  return p.minSubtotal === 0 && !p.firstOrderOnly && p.perCustomer === null && p.maxUses === null && (p.kind === 'percent' || p.kind === 'amount');
}
