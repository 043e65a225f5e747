import { Link } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { ExternalLink } from 'lucide-react';

/** The bar pinned under the product form: view in the shop, cancel, save. */
export function ProductFormBar({ id, saving }: { id?: number; saving: boolean }) {
  const { t } = useTranslation('admin-catalog');
  const { t: ta } = useTranslation('admin');
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line/70 bg-white/95 backdrop-blur lg:start-60">
      <div className="mx-auto flex max-w-[1200px] items-center justify-end gap-2 px-4 py-3 sm:px-6 lg:px-8">
        {id && (
          <a
            href={`/product/${id}`}
            target="_blank"
            rel="noreferrer"
            className="me-auto hidden items-center gap-1.5 text-sm font-semibold text-muted hover:text-ink sm:inline-flex"
          >
            <ExternalLink size={15} aria-hidden="true" />
            {t('form.viewInShop')}
          </a>
        )}
        <Link to="/admin/products" className="btn btn-ghost h-10 px-5 py-0 text-sm">
          {ta('common.cancel')}
        </Link>
        <button type="submit" disabled={saving} className="btn btn-primary h-10 px-6 py-0 text-sm">
          {saving ? ta('common.saving') : id ? ta('common.save') : t('form.create')}
        </button>
      </div>
    </div>
  );
}
