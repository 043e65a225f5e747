import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Download, FileUp } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { failureOf } from '../../app/api-failure';
import { Card } from '../admin';
import { productCsvColumns, requiredCsvColumns } from '../../../shared/domain/product-csv';
import { MAX_IMPORT_BYTES, type ImportRun } from '../../../shared/schemas/product-import';
import { uploadImport } from './api';
import { useFileErrorLines } from './format';

type UploadState = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'refused'; lines: string[] };

/**
 * Step 1: the merchant chooses (or drops) a CSV. It is sent with its upload's progress; the
 * server answers its preview, or why the file is refused as a whole (its columns, its size, its
 * rows), in words. Nothing of the catalogue changes here.
 */
export function UploadStep({ onPreviewed }: { onPreviewed: (run: ImportRun) => void }) {
  const { t } = useTranslation('admin-import');
  const fileErrorLines = useFileErrorLines();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  const statusId = useId();
  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    if (!/\.(csv|txt)$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) return setState({ phase: 'refused', lines: [t('upload.notCsv')] });
    // The server refuses it too (413); saying so here spares the upload.
    if (file.size > MAX_IMPORT_BYTES) return setState({ phase: 'refused', lines: [t('upload.tooLarge')] });
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const run = await uploadImport(
        file,
        (fraction) => setState({ phase: 'uploading', percent: Math.min(99, Math.round(fraction * 100)) }),
        controller.signal,
      );
      onPreviewed(run);
    } catch (err) {
      if (!controller.signal.aborted) setState({ phase: 'refused', lines: fileErrorLines(failureOf(err)) });
    }
  }

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && state.phase !== 'uploading') void send(file);
  };
  const busy = state.phase === 'uploading';

  return (
    <Card>
      <h2 className="text-lg font-semibold text-ink">{t('upload.heading')}</h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">{t('upload.help')}</p>
      <a href="/api/admin/products.csv" download className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-amber-dark hover:underline">
        <Download size={16} aria-hidden="true" />
        {t('upload.template')}
      </a>

      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-5 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors focus-within:ring-2 focus-within:ring-amber ${
          dragging ? 'border-amber bg-honey/10' : 'border-line bg-ivory/60 hover:border-ink/40'
        } ${busy ? 'pointer-events-none opacity-70' : ''}`}
      >
        <FileUp size={28} className="text-amber-dark" aria-hidden="true" />
        <span className="btn btn-primary h-10 px-5 py-0 text-sm">{t('upload.choose')}</span>
        <span className="text-sm text-muted">{t('upload.drop')}</span>
        <span className="text-xs text-muted">{t('upload.limits')}</span>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,.txt,text/plain"
          className="sr-only"
          disabled={busy}
          aria-describedby={statusId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void send(file);
          }}
        />
      </label>

      <div id={statusId} className="mt-4" aria-live="polite">
        {state.phase === 'uploading' && (
          <div
            role="progressbar"
            aria-label={t('upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            className="flex items-center gap-3 text-sm"
          >
            <span className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-sand" aria-hidden="true">
              <span className="block h-full bg-ink transition-[width]" style={{ width: `${state.percent}%` }} />
            </span>
            <span className="shrink-0 tabular-nums">{t('upload.checking', { percent: state.percent })}</span>
          </div>
        )}
        {state.phase === 'refused' && (
          <div role="alert" className="rounded-xl border border-rose/30 bg-rose/5 p-4 text-sm text-rose">
            <ul className="list-inside list-disc space-y-1">
              {state.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <details className="mt-5 rounded-xl bg-sand/50 p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-ink">{t('upload.columnsHeading')}</summary>
        <p className="mt-2 max-w-3xl text-muted">{t('upload.columnsHelp')}</p>
        <ul className="mt-3 flex flex-wrap gap-1.5" dir="ltr">
          {productCsvColumns.map((c) => (
            <li key={c}>
              <code
                className={`rounded-md px-1.5 py-0.5 text-xs ${(requiredCsvColumns as readonly string[]).includes(c) ? 'bg-ink text-ivory' : 'bg-white text-ink'}`}
              >
                {c}
              </code>
            </li>
          ))}
        </ul>
      </details>
    </Card>
  );
}
