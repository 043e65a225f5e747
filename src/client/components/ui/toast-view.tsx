import { useTranslation } from '../../app/i18n-view';
import { useEffect } from 'react';
import { ToastContainer, cssTransition, toast } from 'react-toastify';
import 'react-toastify/ReactToastify.css';

/** 300 ms fade (specification section 9); the classes live in styles.css. */
const Fade = cssTransition({ enter: 'toast-fade-enter', exit: 'toast-fade-exit', collapseDuration: 300 });

/**
 * Toasts sit bottom-left like the specification says, lifted so the chat button stays visible; on a
 * phone they take the screen's width less a margin, in both directions (styles.css, `.shop-toasts`);
 * in Arabic their text, icon and progress bar run right to left.
 */
export function ToastView({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      rtl={i18n.dir(i18n.language) === 'rtl'}
      position="bottom-left"
      autoClose={3000}
      transition={Fade}
      hideProgressBar={false}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
      theme="light"
      className="shop-toasts"
    />
  );
}

export { toast };
