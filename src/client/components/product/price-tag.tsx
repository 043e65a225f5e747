import { useTranslation } from '../../app/i18n-view';
import { discountedPrice } from '../../../shared/domain/pricing';
import { useMoney } from '../../app/use-money';

/** The price a shopper pays, with the old price struck through when discounted. */
export function PriceTag({ price, discount, size = 'md', testId }: { price: number; discount: number; size?: 'md' | 'lg'; testId?: string }) {
  const money = useMoney();
  const { t } = useTranslation();
  const sale = discountedPrice(price, discount);
  const big = size === 'lg' ? 'text-2xl' : 'text-base';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`${big} font-semibold text-ink`} data-testid={testId}>
        {money(sale ?? price)}
      </span>
      {sale !== null && (
        <del className="text-sm text-muted" aria-label={t('product.oldPrice', { price: money(price) })}>
          {money(price)}
        </del>
      )}
    </p>
  );
}
