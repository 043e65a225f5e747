import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Star } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { FieldError, useFieldProps } from '../../components/form';

const stars = [1, 2, 3, 4, 5] as const;

/**
 * The stars of a review (one to five, required) as a native radio group bound to the surrounding
 * shop form: Tab reaches it, the arrow keys move the choice, and a screen reader hears each star
 * by its label ("3 stars") and the group by its legend. Each star is a 48 px target; the stars up
 * to the chosen (or hovered) one are filled, and its word shows beside them.
 */
export function StarRating({ name = 'rating' }: { name?: string }) {
  const { t } = useTranslation();
  const { register, watch } = useFormContext();
  const { id, error } = useFieldProps(name);
  const [hovered, setHovered] = useState(0);
  const chosen = Number(watch(name) as unknown) || 0;
  const shown = hovered || chosen;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid={`stars-${name}`}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">
        {t('reviewForm.rating')} <span className="font-normal text-muted">({t('reviewForm.required')})</span>
      </legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ms-1.5 flex" onMouseLeave={() => setHovered(0)}>
          {stars.map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHovered(n)}
              className="flex h-12 w-12 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-sand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber"
            >
              <input
                type="radio"
                id={n === 1 ? id : `${id}-${n}`}
                value={String(n)}
                required
                aria-invalid={Boolean(error)}
                {...register(name)}
                className="sr-only"
              />
              <span className="sr-only">{t('reviewForm.star', { count: n })}</span>
              <Star size={32} strokeWidth={1.5} aria-hidden="true" className={n <= shown ? 'fill-honey text-amber' : error ? 'text-rose' : 'text-muted/60'} />
            </label>
          ))}
        </div>
        <p className="min-h-6 text-sm font-semibold text-olive" aria-hidden="true">
          {shown > 0 && t(keyIn('reviewForm.ratingWords', shown))}
        </p>
      </div>
      <FieldError id={id} error={error} testName={name} />
    </fieldset>
  );
}

/** A given review's stars, read only: five stars filled to `rating` (1 to 5), named for screen readers. */
export function StarsShown({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('product.rating', { rating })} className="inline-flex gap-0.5">
      {stars.map((n) => (
        <Star key={n} size={18} strokeWidth={1.5} aria-hidden="true" className={n <= rating ? 'fill-honey text-amber' : 'text-line'} />
      ))}
    </span>
  );
}
