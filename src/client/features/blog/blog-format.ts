import { useTranslation } from '../../app/i18n-view';
import { formatShopTime } from '../../../shared/domain/shop-time';

/** Where the blog's listing lives; tags and breadcrumbs of a post link back here. */
export const BLOG_HOME = '/blog-standard';

export function useLng(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? 'en';
}

/** A date in the active language; Arabic keeps Latin digits, as elsewhere in the shop. */
export function formatDate(iso: string, lng: string): string {
  return formatShopTime(iso, lng, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The translated name of a post category or tag; an unknown one shows as written. */
export function useLabels() {
  const { t } = useTranslation();
  return {
    category: (key: string) => t(`blog.categories.${key}`, { defaultValue: key }),
    tag: (key: string) => t(`blog.tags.${key}`, { defaultValue: key }),
  };
}
