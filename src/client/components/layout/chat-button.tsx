import { useTranslation } from '../../app/i18n-view';
import { useShopSettings } from '../../app/use-shop-settings';
import { whatsappChatUrl } from '../../../shared/domain/phone';

/** https://wa.me/<digits>?text=<message>: the shop's WhatsApp with the greeting prefilled. */
export const whatsappHref = whatsappChatUrl;

/** WhatsApp's mark, drawn in the current colour. */
export function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" fill="currentColor">
      <path d="M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2c2 1.1 4.3 1.7 6.6 1.7 7.2 0 13-5.7 13-12.8S23.2 3 16 3zm0 23.4c-2.1 0-4.1-.6-5.9-1.7l-.4-.2-3.8 1.2 1.2-3.7-.3-.4a10.4 10.4 0 0 1-1.6-5.6C5.2 9.9 10 5.2 16 5.2s10.8 4.7 10.8 10.6S22 26.4 16 26.4zm5.9-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.9 8.9 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.8.1-.2 0-.4 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.6.1-.9.4-.3.3-1.2 1.1-1.2 2.8s1.2 3.2 1.4 3.5c.2.2 2.4 3.6 5.8 5 2.2.9 3 .9 4.1.8.7-.1 1.9-.8 2.2-1.5.3-.8.3-1.4.2-1.5-.1-.2-.3-.2-.6-.4z" />
    </svg>
  );
}

/** Fixed bottom-left at 20 px (specification section 1); toasts sit above it. */
export function ChatButton() {
  const { t } = useTranslation();
  const { whatsapp } = useShopSettings();
  return (
    <a
      href={whatsappHref(whatsapp, t('chat.message'))}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('chat.label')}
      data-testid="chat-button"
      className="fixed z-40 flex h-14 w-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lift transition hover:scale-105 hover:bg-whatsapp-dark"
      style={{ left: 20, bottom: 20 }}
    >
      <WhatsAppIcon className="h-7 w-7" />
    </a>
  );
}
