import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { MAX_REVIEW_PHOTOS } from '../../../shared/domain/reviews';
import { useTranslation } from '../../app/i18n-view';
import { controlProps, FieldError } from '../../components/form';
import { PHOTO_TYPES, type PreparedPhoto } from './review-photos';

/**
 * Up to three photos of a review: a tile that opens the phone's gallery or camera, a preview of each
 * chosen photo with its remove button, and the photos' error. The photos are the form's own state,
 * not the draft's: a reload forgets them.
 */
export function PhotoPicker({
  id,
  photos,
  preparing,
  error,
  disabled,
  onAdd,
  onRemove,
}: {
  id: string;
  photos: PreparedPhoto[];
  /** Photos being made smaller before they can be previewed. */
  preparing: number;
  /** The translated error, if any. */
  error?: string;
  disabled?: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const room = MAX_REVIEW_PHOTOS - photos.length - preparing;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-semibold text-ink">
          {t('reviewForm.photos')}
        </span>
        <span className="text-xs text-muted">{t('reviewForm.optional')}</span>
      </div>
      <ul className="flex flex-wrap gap-3" aria-labelledby={`${id}-label`}>
        {photos.map((photo, i) => (
          <li key={photo.preview} className="relative h-24 w-24 overflow-hidden rounded-2xl bg-sand" data-testid="review-photo">
            <img src={photo.preview} alt={t('reviewForm.photoAlt', { n: i + 1 })} className="h-full w-full object-cover" />
            <button
              type="button"
              onClick={() => onRemove(i)}
              disabled={disabled}
              aria-label={t('reviewForm.removePhoto', { n: i + 1 })}
              className="absolute end-1 top-1 flex h-9 w-9 items-center justify-center rounded-full bg-ink/80 text-ivory shadow-soft hover:bg-ink"
            >
              <X size={18} aria-hidden="true" />
            </button>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, i) => (
          <li key={`preparing-${i}`} className="flex h-24 w-24 items-center justify-center rounded-2xl bg-sand text-muted">
            <LoaderCircle size={24} className="animate-spin" aria-hidden="true" />
            <span className="sr-only">{t('reviewForm.preparingPhoto')}</span>
          </li>
        ))}
        {room > 0 && (
          <li>
            <label
              className={`flex h-24 w-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed p-2 text-center text-xs font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber ${error ? 'border-rose text-rose' : 'border-line text-muted hover:border-ink hover:text-ink'}`}
            >
              <ImagePlus size={24} aria-hidden="true" />
              {t('reviewForm.addPhotos')}
              <input
                type="file"
                accept={PHOTO_TYPES.join(',')}
                multiple
                disabled={disabled}
                className="sr-only"
                {...controlProps(id, error, 'below')}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  // The same file may be chosen again after it was removed.
                  e.target.value = '';
                  if (files.length) onAdd(files);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      {!error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {t('reviewForm.photosHint', { max: MAX_REVIEW_PHOTOS })}
        </p>
      )}
      <FieldError id={id} error={error} testName="photos" />
    </div>
  );
}
