import { useTranslation } from '../../app/i18n-view';
import { shownPrice } from '../../../shared/domain/pricing';
import { useMoney } from '../../app/use-money';

/**
 * The price a shopper pays, with the list price struck through when it is less: after the
 * product's own discount, or after an automatic offer's price for one where the listing knows it
 * (`offerPrice`, the product's `offer.price`).
 */
export function PriceTag({
  price,
  discount,
  offerPrice,
  size = 'md',
  testId,
}: {
  price: number;
  discount: number;
  offerPrice?: number | null;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  const money = useMoney();
  const { t } = useTranslation();
  const paid = shownPrice(price, discount, offerPrice);
  const big = size === 'lg' ? 'text-2xl' : 'text-base';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${big} font-semibold text-ink`} data-testid={testId}>
        {money(paid)}
      </span>
      {paid < price && (
        <del className="text-sm text-muted" aria-label={t('product.oldPrice', { price: money(price) })}>
          {money(price)}
        </del>
      )}
    </p>
  );
}
