import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { Download, X } from 'lucide-react';
import { downloadCsv } from '../../app/transfers';

type ExportState = { phase: 'idle' } | { phase: 'running'; rows: number; total: number | null } | { phase: 'failed' };

/**
 * Downloads a CSV export while showing how far it got (rows counted as they arrive, against the
 * total the server announced: `downloadCsv`). The file is handed to the browser as a download at
 * the end. Can be stopped; a failure is said in words, and progress is a labelled progressbar.
 */
export function ExportCsvButton({ href }: { href: string }) {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', rows: 0, total: null });
    try {
      await downloadCsv(href, {
        signal: controller.signal,
        fallbackName: 'orders.csv',
        onProgress: ({ rows, total }) => setState({ phase: 'running', rows, total }),
      });
      setState({ phase: 'idle' });
    } catch {
      setState(controller.signal.aborted ? { phase: 'idle' } : { phase: 'failed' });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  if (state.phase === 'running') {
    const percent = state.total ? Math.min(100, Math.floor((state.rows * 100) / state.total)) : null;
    return (
      <div className="flex items-center gap-2 text-sm">
        <div
          role="progressbar"
          aria-label={t('common.exportProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? t('common.exportingRows', { rows: state.rows }) : t('common.exporting', { percent })}
          className="flex items-center gap-2"
        >
          <span className="h-2 w-24 overflow-hidden rounded-full bg-sand" aria-hidden="true">
            <span className="block h-full bg-ink transition-[width]" style={{ width: `${percent ?? 0}%` }} />
          </span>
          <span className="tabular-nums">{percent === null ? t('common.exportingRows', { rows: state.rows }) : t('common.exporting', { percent })}</span>
        </div>
        <button type="button" onClick={() => abort.current?.abort()} className="btn btn-ghost !p-2" aria-label={t('common.exportCancel')}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {state.phase === 'failed' && (
        <span role="alert" className="text-sm text-rose">
          {t('common.exportFailed')}
        </span>
      )}
      <button type="button" onClick={() => void start()} className="btn btn-ghost !py-2 text-sm">
        <Download size={16} aria-hidden="true" />
        {t('common.exportCsv')}
      </button>
    </div>
  );
}
