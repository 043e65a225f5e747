import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Phone, X } from 'lucide-react';
import { useShopSettings } from '../../app/use-shop-settings';
import { mainMenu } from './nav-links';
import { Preferences } from './preferences';
import { SearchForm } from './search-form';
import { telHref } from './top-bar';

/**
 * Off-canvas menu for small screens; slides in from the reading start side, closes on a link. Its
 * panel is empty until first opened, then kept: the server's render and the browser's hydration of
 * every page skipped a second search form, the preferences and the links nobody had asked for
 * (about a tenth of a product page's markup), and the panel still slides in whole, since it is
 * filled in the same render that opens it.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  return (
    <div className={`fixed inset-0 z-[60] overflow-hidden lg:hidden ${open ? '' : 'pointer-events-none invisible'}`} aria-hidden={!open}>
      <div className={`absolute inset-0 bg-ink/40 transition-opacity duration-300 ${open ? 'opacity-100' : 'opacity-0'}`} onClick={onClose} />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.main')}
        id="mobile-menu"
        data-testid="mobile-menu"
        inert={!open}
        className={`absolute inset-y-0 start-0 flex w-[86%] max-w-sm flex-col overflow-y-auto bg-ivory shadow-lift transition-transform duration-300 ${
          open ? 'translate-x-0' : 'ltr:-translate-x-full rtl:translate-x-full'
        }`}
      >
        {opened && <MenuPanel open={open} onClose={onClose} />}
      </div>
    </div>
  );
}

/** The menu's contents: its title and close button, search, the links, preferences and the shop's phone. */
function MenuPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { phone } = useShopSettings();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  return (
    <>
      <div className="flex items-center justify-between border-b border-line p-4">
        <span className="font-display text-2xl font-semibold">{t('nav.main')}</span>
        <button ref={closeRef} type="button" onClick={onClose} className="rounded-full p-2 hover:bg-sand" aria-label={t('nav.closeMenu')}>
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="p-4">
        <SearchForm idPrefix="mobile" onDone={onClose} />
      </div>
      <nav aria-label={t('nav.main')} className="px-2">
        <ul>
          {mainMenu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} onClick={onClose} end className="block rounded-lg px-3 py-3 text-[15px] font-medium hover:bg-sand">
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-4 border-t border-line p-4">
        <Preferences idPrefix="mobile" tone="light" />
        <a href={telHref(phone)} className="inline-flex items-center gap-2 text-sm font-medium">
          <Phone size={16} aria-hidden="true" />
          <span dir="ltr">{phone}</span>
        </a>
      </div>
    </>
  );
}
