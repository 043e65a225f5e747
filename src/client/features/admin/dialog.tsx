import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The admin's modal, on the native <dialog>: focus moves into it, Escape closes it, the page
 * behind is inert. Its content is rendered only while open. `labelledBy` names its heading.
 */
export function Dialog({
  open,
  labelledBy,
  onClose,
  className = 'w-[min(28rem,calc(100vw-2rem))]',
  children,
}: {
  open: boolean;
  labelledBy: string;
  onClose: () => void;
  /** Its width (and height) classes. */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto rounded-2xl border border-line/70 bg-white p-0 text-ink shadow-lift backdrop:bg-ink/40 backdrop:backdrop-blur-[2px] ${className}`}
    >
      {open && children}
    </dialog>
  );
}
