// Translation keys are typed from the English files: `t('cart.titel')` or a key missing from
// public/locales/en is a type error, and each key's `{{variables}}` are checked. The other
// languages are held to the same keys by translations.test.ts.
import type {} from 'i18next';
import type translation from '../../../public/locales/en/translation.json';
import type admin from '../../../public/locales/en/admin.json';
import type adminCatalog from '../../../public/locales/en/admin-catalog.json';
import type adminDash from '../../../public/locales/en/admin-dash.json';
import type adminOrders from '../../../public/locales/en/admin-orders.json';
import type adminPromotions from '../../../public/locales/en/admin-promotions.json';
import type adminReviews from '../../../public/locales/en/admin-reviews.json';
import type adminImport from '../../../public/locales/en/admin-import.json';
import type adminStaff from '../../../public/locales/en/admin-staff.json';
import type adminReturns from '../../../public/locales/en/admin-returns.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      admin: typeof admin;
      'admin-catalog': typeof adminCatalog;
      'admin-dash': typeof adminDash;
      'admin-orders': typeof adminOrders;
      'admin-promotions': typeof adminPromotions;
      'admin-reviews': typeof adminReviews;
      'admin-import': typeof adminImport;
      'admin-staff': typeof adminStaff;
      'admin-returns': typeof adminReturns;
    };
  }
}
