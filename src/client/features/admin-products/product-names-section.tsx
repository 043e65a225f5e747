import { useTranslation } from '../../app/i18n-view';
import { useFormState } from 'react-hook-form';
import { Card } from '../admin';
import { TextInput, Textarea } from '../../components/form';
import { languageLabels } from '../../../shared/domain/languages';
import { defaultProductLanguage, productLanguages, type AdminProductInput, type ProductLanguage } from '../../../shared/schemas/admin-product';

/**
 * The product's name and descriptions, one tab per language; a tab holding an error shows a dot.
 * Only English is required; the other tabs say that left empty they show the English text.
 */
export function ProductNamesSection({ tab, onTab }: { tab: ProductLanguage; onTab: (l: ProductLanguage) => void }) {
  const { t } = useTranslation('admin-catalog');
  const { errors } = useFormState<AdminProductInput>();
  const langHasError = (l: ProductLanguage) => Boolean(errors.name?.[l] || errors.shortDescription?.[l] || errors.fullDescription?.[l]);
  return (
    <Card title={t('form.namesSection')}>
      <div role="tablist" aria-label={t('form.languages')} className="mb-4 grid grid-cols-4 gap-1 rounded-full bg-sand/70 p-1">
        {productLanguages.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`pf-tab-${l}`}
            aria-selected={tab === l}
            aria-controls={`pf-panel-${l}`}
            onClick={() => onTab(l)}
            className={`relative min-w-0 truncate whitespace-nowrap rounded-full px-1.5 py-1.5 text-xs font-semibold sm:px-3 sm:text-sm transition-colors ${tab === l ? 'bg-white text-ink shadow-soft' : 'text-muted hover:text-ink'}`}
          >
            <span lang={l}>{languageLabels[l]}</span>
            {l === defaultProductLanguage && (
              <span className="ms-1 text-amber-dark" aria-hidden="true">
                *
              </span>
            )}
            {langHasError(l) && <span className="absolute end-2 top-1.5 h-2 w-2 rounded-full bg-rose" aria-label={t('form.tabHasErrors')} />}
          </button>
        ))}
      </div>
      {productLanguages.map((l) => {
        const dir = l === 'ar' ? 'rtl' : 'ltr';
        return (
          <div key={l} role="tabpanel" id={`pf-panel-${l}`} aria-labelledby={`pf-tab-${l}`} hidden={tab !== l} className="grid gap-4">
            {l !== defaultProductLanguage && <p className="rounded-xl bg-ivory px-3 py-2 text-xs text-muted">{t('form.fallbackHint')}</p>}
            <TextInput name={`name.${l}`} label={t('form.name')} lang={l} dir={dir} />
            <Textarea
              name={`shortDescription.${l}`}
              label={t('form.shortDescription')}
              hint={t('form.shortHint')}
              lang={l}
              dir={dir}
              rows={2}
              inputClassName="resize-y"
            />
            <Textarea name={`fullDescription.${l}`} label={t('form.fullDescription')} lang={l} dir={dir} rows={6} inputClassName="resize-y" />
          </div>
        );
      })}
    </Card>
  );
}
