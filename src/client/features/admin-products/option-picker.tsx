import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { keyIn } from '../../app/translation-keys';
import { swatchOf } from '../../../shared/domain/vocabulary';

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold transition-colors ${
        pressed ? 'border-ink bg-ink text-ivory' : 'border-line bg-white text-ink hover:border-ink'
      }`}
    >
      {pressed && <Check size={12} aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * Colours or sizes of the shop's vocabulary as chips to press, each named in the admin's language
 * (a colour with its swatch): the product form's options and a category's option sets.
 */
export function OptionPicker({
  kind,
  legend,
  hint,
  keys,
  chosen,
  onToggle,
}: {
  kind: 'colors' | 'sizes';
  legend: string;
  hint?: string;
  keys: readonly string[];
  chosen: readonly string[];
  onToggle: (key: string) => void;
}) {
  const { t } = useTranslation(['admin-catalog', 'translation']);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      {hint && <p className="-mt-1 mb-2 text-xs text-muted">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {keys.map((key) => (
          <Chip key={key} pressed={chosen.includes(key)} onClick={() => onToggle(key)}>
            {kind === 'colors' && <span className="h-3 w-3 rounded-full border border-black/10" style={{ background: swatchOf(key) }} aria-hidden="true" />}
            {t(keyIn(kind === 'colors' ? 'translation:colors' : 'translation:sizes', key))}
          </Chip>
        ))}
      </div>
    </fieldset>
  );
}
