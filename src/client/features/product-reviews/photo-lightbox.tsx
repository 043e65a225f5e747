import { useEffect, useId, useRef } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import type { ReviewPhoto } from '../../../shared/schemas/review';

/**
 * A review's photos at full size (the 1200 px picture), in a modal on the native <dialog>, as the
 * admin's Dialog is (features/admin/dialog.tsx; not imported: sharing it would split it into a
 * chunk named in every page's first script). Focus moves in and stays (the page behind is inert),
 * previous and next are buttons and the arrow keys (mirrored right to left), Escape, the close
 * button or a click beside the picture leave, and focus goes back to the thumbnail that opened it.
 * Mounted while open.
 */
export function PhotoLightbox({
  photos,
  index,
  name,
  onIndex,
  onClose,
}: {
  photos: readonly ReviewPhoto[];
  /** The photo shown. */
  index: number;
  /** The reviewer's name, for the pictures' text. */
  name: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  const photo = photos[index];
  const many = photos.length > 1;
  const go = (step: number) => onIndex((index + step + photos.length) % photos.length);
  const rtl = i18n.dir() === 'rtl';
  const round = 'flex h-11 w-11 items-center justify-center rounded-full bg-white text-ink shadow-soft transition hover:bg-sand';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (!many || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
        e.preventDefault();
        go((e.key === 'ArrowRight') !== rtl ? 1 : -1);
      }}
      className="m-auto w-[min(64rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border border-line/70 bg-ivory p-0 text-ink shadow-lift backdrop:bg-ink/60 backdrop:backdrop-blur-[2px]"
      data-testid="lightbox"
    >
      {photo && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
            <h2 id={titleId} className="font-display text-xl font-semibold" aria-live="polite">
              {t('reviews.photoOf', { n: index + 1, total: photos.length })}
            </h2>
            <button type="button" onClick={onClose} className={round} aria-label={t('reviews.closePhoto')}>
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center bg-sand/60 px-2 py-3 sm:px-16">
            <img
              key={photo.src}
              src={photo.src}
              width={photo.width}
              height={photo.height}
              alt={t('reviews.photoAlt', { n: index + 1, name })}
              className="h-auto max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-xl object-contain"
              data-testid="lightbox-image"
            />
            {many && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  className={`${round} absolute start-3 top-1/2 -translate-y-1/2`}
                  aria-label={t('reviews.previousPhoto')}
                >
                  <ChevronLeft size={22} className="rtl:rotate-180" aria-hidden="true" />
                </button>
                <button type="button" onClick={() => go(1)} className={`${round} absolute end-3 top-1/2 -translate-y-1/2`} aria-label={t('reviews.nextPhoto')}>
                  <ChevronRight size={22} className="rtl:rotate-180" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
