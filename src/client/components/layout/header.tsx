import { ShopLink } from '../ui/shop-link';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { Heart, Menu, Search, ShoppingBag, UserRound } from 'lucide-react';
import { badgeCount } from '../../../shared/domain/cart';
import { useAppSelector } from '../../app/hooks';
import { useShopSettings } from '../../app/use-shop-settings';
import { MobileMenu } from './mobile-menu';
import { mainMenu } from './nav-links';
import { SearchForm } from './search-form';

function Badge({ count, testId }: { count: number; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="absolute -end-1 -top-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-amber px-1 text-[11px] font-bold text-white"
      aria-hidden="true"
    >
      {count}
    </span>
  );
}

/** The phone's search, a row under the header opened by its search button; Escape or a search made closes it. */
function PhoneSearch({ onClose }: { onClose: () => void }) {
  return (
    <div
      id="phone-search-row"
      className="container-shop border-t border-line/70 py-3 lg:hidden"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) onClose();
      }}
    >
      <SearchForm idPrefix="phone" autoFocus onDone={onClose} />
    </div>
  );
}

/**
 * Sticky header: gets a stuck style once the page scrolls past its original place. `cartPanel`
 * renders the cart's panel on large screens (the cart feature's, given by the router), with a
 * callback that closes it.
 */
export function Header({ cartPanel }: { cartPanel: (close: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const { shopName } = useShopSettings();
  const cartCount = useAppSelector((s) => badgeCount(s.cart.cartItems));
  const wishCount = useAppSelector((s) => badgeCount(s.wishlist.wishlistItems));
  const signedIn = useAppSelector((s) => s.user.user !== null);
  const [stuck, setStuck] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  // On phones the search is behind a button in the header, opening a row under it.
  const [searchOpen, setSearchOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const cartRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setStuck(!entry?.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Any navigation closes the panels.
  useEffect(() => {
    setCartOpen(false);
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!cartOpen) return;
    const onDown = (e: MouseEvent) => {
      if (cartRef.current && !cartRef.current.contains(e.target as Node)) setCartOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setCartOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [cartOpen]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  const closeCart = useCallback(() => setCartOpen(false), []);
  const iconButton = 'relative flex h-11 w-11 items-center justify-center rounded-full text-ink transition hover:bg-sand';

  return (
    <>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <header
        data-testid="site-header"
        data-stuck={stuck}
        className={`sticky top-0 z-50 border-b transition-[background-color,box-shadow] duration-300 ${
          stuck ? 'is-stuck border-line bg-ivory/95 shadow-soft backdrop-blur' : 'border-transparent bg-ivory'
        }`}
      >
        <div className={`container-shop flex items-center gap-3 transition-[height] duration-300 ${stuck ? 'h-16' : 'h-20'}`}>
          <button
            type="button"
            className={`${iconButton} lg:hidden`}
            onClick={() => setMenuOpen(true)}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
          >
            <Menu size={22} aria-hidden="true" />
          </button>
          <ShopLink to="/" className="flex items-center gap-2" aria-label={t('nav.brandHome', { shop: shopName })}>
            <svg viewBox="0 0 64 64" className="h-8 w-8" aria-hidden="true">
              <path d="M32 6c11 12 17 22 17 32a17 17 0 0 1-34 0c0-10 6-20 17-32z" fill="#d9a441" />
              <path d="M32 26c5 6 7 10 7 14a7 7 0 0 1-14 0c0-4 2-8 7-14z" fill="#fbf7f0" />
            </svg>
            <span className="font-display text-[28px] font-semibold leading-none tracking-wide" data-testid="brand">
              {shopName}
            </span>
          </ShopLink>
          <div className="mx-auto hidden w-full max-w-md lg:block">
            <SearchForm idPrefix="header" />
          </div>
          <div className="ms-auto flex items-center gap-1 lg:ms-0">
            <button
              type="button"
              className={`${iconButton} lg:hidden ${searchOpen ? 'bg-sand' : ''}`}
              onClick={() => setSearchOpen((o) => !o)}
              aria-label={searchOpen ? t('nav.closeSearch') : t('nav.openSearch')}
              aria-expanded={searchOpen}
              aria-controls="phone-search-row"
            >
              <Search size={21} aria-hidden="true" />
            </button>
            <ShopLink
              to={signedIn ? '/my-account' : '/login-register'}
              className={`${iconButton} max-sm:hidden`}
              aria-label={signedIn ? t('nav.account') : t('auth.loginTitle')}
              data-testid="account-link"
            >
              <UserRound size={21} aria-hidden="true" />
              {signedIn && <span className="absolute end-1.5 top-1.5 h-2 w-2 rounded-full bg-moss ring-2 ring-ivory" aria-hidden="true" />}
            </ShopLink>
            <ShopLink to="/wishlist" className={iconButton} aria-label={t('nav.wishlistCount', { count: wishCount })}>
              <Heart size={21} aria-hidden="true" />
              <Badge count={wishCount} testId="wishlist-count" />
            </ShopLink>
            <ShopLink to="/cart" className={`${iconButton} lg:hidden`} aria-label={t('nav.cartCount', { count: cartCount })}>
              <ShoppingBag size={21} aria-hidden="true" />
              <Badge count={cartCount} testId="cart-count-mobile" />
            </ShopLink>
            <div ref={cartRef} className="relative hidden lg:block">
              <button
                type="button"
                className={iconButton}
                onClick={() => setCartOpen((o) => !o)}
                aria-expanded={cartOpen}
                aria-controls="cart-dropdown"
                aria-label={t('nav.cartCount', { count: cartCount })}
              >
                <ShoppingBag size={21} aria-hidden="true" />
                <Badge count={cartCount} testId="cart-count" />
              </button>
              {cartOpen && (
                <div
                  id="cart-dropdown"
                  data-testid="cart-dropdown"
                  className="absolute end-0 top-full mt-2 w-[360px] rounded-2xl border border-line bg-white p-4 shadow-lift"
                >
                  {cartPanel(closeCart)}
                </div>
              )}
            </div>
          </div>
        </div>
        {searchOpen && <PhoneSearch onClose={closeSearch} />}
        <nav aria-label={t('nav.main')} className="hidden border-t border-line/70 lg:block">
          <ul className="container-shop flex h-12 items-center justify-center gap-x-6 text-[14px] font-medium xl:gap-x-8">
            {mainMenu.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    `relative py-3 transition-colors hover:text-amber-dark ${isActive && !item.to.includes('?') ? 'text-amber-dark' : 'text-ink'}`
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <MobileMenu open={menuOpen} onClose={closeMenu} />
    </>
  );
}
