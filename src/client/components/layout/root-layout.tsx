import { useEffect, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useShopSettingsSubscription } from '../../app/use-shop-settings';
import { syncRates } from '../../app/currency-slice';
import { NavigationProgress, Preloader } from '../ui/preloader';
import { Toaster } from '../ui/toast';
import { ChatButton } from './chat-button';
import { Footer } from './footer';
import { Header } from './header';
import { TopBar } from './top-bar';
import { ShopLinkProvider } from '../ui/shop-link';

/**
 * Every storefront page: top bar, sticky header, the page, footer, chat button and toasts. The
 * header's cart panel and the measurement question (`consent`) come from the router: a shared
 * layout knows no feature.
 */
export function RootLayout({ cartPanel, consent }: { cartPanel: (close: () => void) => ReactNode; consent?: ReactNode }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isLoading = useAppSelector((s) => s.app.isLoading);
  const { currencyRates } = useShopSettingsSubscription();
  const dispatch = useAppDispatch();

  // The merchant may change a rate: keep the shopper's chosen currency in step with it.
  useEffect(() => {
    if (currencyRates.USD > 0) dispatch(syncRates(currencyRates));
  }, [currencyRates, dispatch]);

  return (
    <ShopLinkProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[70] focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
      >
        {t('common.skipToContent')}
      </a>
      {navigation.state === 'loading' && <NavigationProgress />}
      {isLoading && <Preloader label={t('common.loading')} />}
      <TopBar />
      <Header cartPanel={cartPanel} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        <Outlet />
      </main>
      <Footer />
      <ChatButton />
      <Toaster />
      {consent}
      <ScrollRestoration />
    </ShopLinkProvider>
  );
}
