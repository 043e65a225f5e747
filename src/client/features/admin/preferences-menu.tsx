import { useTranslation } from '../../app/i18n-view';
import { languageLabels, languages, normalizeLanguage } from '../../../shared/domain/languages';

/** The admin's language choice (prices in the admin are always EGP, so no currency here). */
export function PreferencesMenu() {
  const { t, i18n } = useTranslation('admin');
  return (
    <>
      <label htmlFor="admin-lng" className="sr-only">
        {t('layout.language')}
      </label>
      <select
        id="admin-lng"
        value={normalizeLanguage(i18n.language)}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="field !w-auto !rounded-full !py-1.5 text-sm"
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageLabels[l]}
          </option>
        ))}
      </select>
    </>
  );
}
