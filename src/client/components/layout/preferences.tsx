import { useTranslation } from '../../app/i18n-view';
import { currencies, type CurrencyCode } from '../../../shared/domain/currency';
import { languageLabels, languages, normalizeLanguage } from '../../../shared/domain/languages';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useShopSettings } from '../../app/use-shop-settings';
import { setCurrency } from '../../app/currency-slice';

/** Language and currency choices; used in the top bar and in the mobile menu. */
export function Preferences({ tone = 'dark', idPrefix }: { tone?: 'dark' | 'light'; idPrefix: string }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = useAppSelector((s) => s.currency.currencyName);
  const { currencyRates } = useShopSettings();
  const select = tone === 'dark' ? 'bg-transparent text-ivory/90 hover:text-white [&>option]:text-ink' : 'field !w-auto !py-2';
  // A currency without a configured rate cannot be shown honestly, so it is not offered.
  const offered = currencies.filter((c) => c === 'EGP' || (currencyRates[c as CurrencyCode] ?? 0) > 0);
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={`${idPrefix}-lng`} className="sr-only">
        {t('topBar.language')}
      </label>
      <select
        id={`${idPrefix}-lng`}
        value={normalizeLanguage(i18n.language)}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className={`cursor-pointer rounded text-sm ${select}`}
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageLabels[l]}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-cur`} className="sr-only">
        {t('topBar.currency')}
      </label>
      <select
        id={`${idPrefix}-cur`}
        value={currency}
        onChange={(e) => dispatch(setCurrency({ currencyName: e.target.value, rates: currencyRates }))}
        className={`cursor-pointer rounded text-sm ${select}`}
      >
        {offered.map((c) => (
          <option key={c} value={c}>
            {t(`currencyNames.${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
