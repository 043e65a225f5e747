import type { BackInStockMessage, StockAlertConfirmMessage } from './kinds.js';
import type { MailWords } from './option-labels.js';
import { absolute, type MailBody } from './render.js';

/**
 * The words of the back-in-stock alerts' e-mails (decision 046): the double opt-in's link, then
 * the one e-mail when the item is back, with why it came and a one-click unsubscribe (the page's
 * link in the e-mail, the API's address in the `List-Unsubscribe` header).
 */
export function stockAlertBody(message: StockAlertConfirmMessage | BackInStockMessage, t: MailWords): MailBody {
  const item = message.options ? `${message.product} (${message.options})` : message.product;
  if (message.kind === 'stock_alert_confirm')
    return {
      subject: t('stockAlertConfirm.subject', { product: message.product }),
      heading: t('stockAlertConfirm.heading'),
      paragraphs: [t('stockAlertConfirm.intro', { product: item })],
      actions: [{ label: t('stockAlertConfirm.button'), href: message.link ? absolute(message.origin, message.link) : '' }],
      after: t('stockAlertConfirm.ignore'),
    };
  return {
    subject: t('backInStock.subject', { product: message.product }),
    heading: t('backInStock.heading'),
    paragraphs: [t('backInStock.intro', { product: item })],
    actions: [{ label: t('backInStock.button'), href: absolute(message.origin, message.productLink) }],
    optOut: {
      text: t('backInStock.why'),
      label: t('backInStock.unsubscribe'),
      href: absolute(message.origin, message.unsubscribeLink),
      header: absolute(message.origin, `/api${message.unsubscribeLink}`),
    },
  };
}
