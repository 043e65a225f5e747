import { useTranslation } from '../../app/i18n-view';
import { useShopSettings } from '../../app/use-shop-settings';

interface SeoProps {
  /** Defaults to the shop name. */
  title?: string;
  /** The page's name; defaults to 'Product Page' as in the specification. */
  titleTemplate?: string;
  description?: string;
  canonical?: string;
  image?: string;
}

/**
 * The title helper of the specification: `{title} | {titleTemplate}`. React 19 hoists these
 * elements into <head>.
 */
export function Seo({ title, titleTemplate, description, canonical, image }: SeoProps) {
  const { t } = useTranslation();
  const { shopName } = useShopSettings();
  const full = `${title ?? shopName} | ${titleTemplate ?? t('meta.titleTemplate')}`;
  const text = description ?? t('meta.description');
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={text} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={text} />
      {image && <meta property="og:image" content={image} />}
      {canonical && <link rel="canonical" href={canonical} />}
    </>
  );
}
