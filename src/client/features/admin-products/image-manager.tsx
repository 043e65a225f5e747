import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2, X } from 'lucide-react';
import { MAX_UPLOAD_BYTES } from '../../../shared/schemas/admin-product';
import { previewOf, uploadImage, type Failure } from './api';
import { useErrorText } from './use-error-text';

interface Pending {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/**
 * The product's pictures: upload several at once (a progress bar each), reorder with move
 * buttons, remove. `value` holds stored bases in display order; the first is the main picture.
 */
export function ImageManager({
  id,
  value,
  onChange,
  getValue,
  error,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (bases: string[]) => void;
  /** The current list at the moment an upload finishes (several finish independently). */
  getValue: () => string[];
  error?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation('admin-catalog');
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);

  const patch = (key: string, change: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const upload = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      if (file.size > MAX_UPLOAD_BYTES) {
        setPending((list) => [...list, { key, name: file.name, progress: 0, error: errorText('too_large') }]);
        continue;
      }
      setPending((list) => [...list, { key, name: file.name, progress: 0 }]);
      uploadImage(file, 'product', (fraction) => patch(key, { progress: fraction }))
        .then((image) => {
          onChange([...getValue(), image.base]);
          setPending((list) => list.filter((p) => p.key !== key));
        })
        .catch((e: Failure) => patch(key, { error: errorText(e.code) }));
    }
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) upload(e.dataTransfer.files);
  };

  return (
    <div>
      {value.length > 0 && (
        <ol className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {value.map((base, i) => (
            <li key={base} className="group relative overflow-hidden rounded-xl border border-line/70 bg-sand/40">
              <img src={previewOf(base)} alt={t('images.alt', { n: i + 1 })} width={400} height={400} className="aspect-square w-full object-cover" />
              {i === 0 && (
                <span className="absolute start-2 top-2 rounded-full bg-ink px-2 py-0.5 text-[0.65rem] font-semibold uppercase tracking-wide text-ivory">
                  {t('images.main')}
                </span>
              )}
              <div className="flex items-center justify-between gap-1 border-t border-line/70 bg-white px-1.5 py-1">
                <div className="flex">
                  <button
                    type="button"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    className="rounded-full p-1.5 text-muted hover:bg-sand hover:text-ink disabled:opacity-30"
                    aria-label={t('images.earlier', { n: i + 1 })}
                  >
                    <ArrowLeft size={15} aria-hidden="true" className="rtl:rotate-180" />
                  </button>
                  <button
                    type="button"
                    disabled={i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                    className="rounded-full p-1.5 text-muted hover:bg-sand hover:text-ink disabled:opacity-30"
                    aria-label={t('images.later', { n: i + 1 })}
                  >
                    <ArrowRight size={15} aria-hidden="true" className="rtl:rotate-180" />
                  </button>
                </div>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((b) => b !== base))}
                  className="rounded-full p-1.5 text-muted hover:bg-rose/10 hover:text-rose"
                  aria-label={t('images.remove', { n: i + 1 })}
                >
                  <Trash2 size={15} aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <PendingUploads pending={pending} onDismiss={(key) => setPending((list) => list.filter((x) => x.key !== key))} />

      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
          dragging ? 'border-amber bg-honey/10' : error ? 'border-rose/60 bg-[#fdf6f4]' : 'border-line bg-ivory'
        }`}
      >
        <ImagePlus size={26} aria-hidden="true" className="text-amber-dark" />
        <button id={id} type="button" onClick={() => input.current?.click()} aria-describedby={describedBy} className="btn btn-ghost h-9 px-4 py-0 text-sm">
          {t('images.choose')}
        </button>
        <p className="text-xs text-muted">{t('images.hint')}</p>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          onChange={(e) => {
            if (e.target.files) upload(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
    </div>
  );
}

/** Uploads on their way: a progress bar each, or the reason one failed with a button to dismiss it. */
function PendingUploads({ pending, onDismiss }: { pending: Pending[]; onDismiss: (key: string) => void }) {
  const { t } = useTranslation('admin-catalog');
  if (pending.length === 0) return null;
  return (
    <ul className="mb-4 grid gap-2" aria-live="polite">
      {pending.map((p) => (
        <li key={p.key} className="rounded-xl border border-line/70 bg-ivory px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="truncate font-medium">{p.name}</span>
            {p.error ? (
              <button type="button" onClick={() => onDismiss(p.key)} className="rounded-full p-1 text-muted hover:text-ink" aria-label={t('images.dismiss')}>
                <X size={14} aria-hidden="true" />
              </button>
            ) : (
              <span className="text-xs tabular-nums text-muted">{Math.round(p.progress * 100)}%</span>
            )}
          </div>
          {p.error ? (
            <p className="mt-1 text-xs font-medium text-rose">{p.error}</p>
          ) : (
            <progress
              value={p.progress}
              max={1}
              aria-label={t('images.uploading', { name: p.name })}
              className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-amber [&::-webkit-progress-bar]:bg-sand [&::-webkit-progress-value]:bg-amber"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
