import type { OutboxMessage } from './kinds.js';

/** What a message shows of the shop, from the merchant's settings. */
export interface MailShop {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

export interface RenderedMail {
  subject: string;
  /** A whole HTML document (`<html lang dir>`), inline styles only. */
  html: string;
  /** The plain-text part. */
  text: string;
}

/**
 * Renders a message in its language. SKELETON (branch base of issue 16's helpers): the render
 * helper replaces this body with the real templates; the signature stays.
 */
export function renderMessage(message: OutboxMessage, shop: MailShop): RenderedMail {
  const dir = message.language === 'ar' ? 'rtl' : 'ltr';
  const subject = `${shop.name}: ${message.kind}`;
  const text = JSON.stringify(message, null, 2);
  return { subject, text, html: `<!doctype html><html lang="${message.language}" dir="${dir}"><body><pre>${text.replace(/</g, '&lt;')}</pre></body></html>` };
}
