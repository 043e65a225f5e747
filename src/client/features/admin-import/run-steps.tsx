import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Upload } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useAppDispatch } from '../../app/hooks';
import { failureOf } from '../../app/api-failure';
import { Card, LoadFailed } from '../admin';
import type { ImportRun } from '../../../shared/schemas/product-import';
import { importApi, useApplyImportMutation, useGetImportRunQuery } from './api';
import { useImportNumber, useFileErrorLines } from './format';
import { ImportRows } from './import-rows';

/** A row of figures, each a labelled tile; `tone` marks the ones that need a look. */
function Figures({ items }: { items: Array<{ label: string; value: number; tone?: 'good' | 'bad' | 'plain' }> }) {
  const number = useImportNumber();
  const tones = { good: 'text-olive', bad: 'text-rose', plain: 'text-ink' };
  return (
    <dl className={`mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 ${items.length > 4 ? 'xl:grid-cols-6' : 'lg:grid-cols-4'}`}>
      {items.map((item) => (
        <div key={item.label} className="rounded-xl bg-ivory px-4 py-3 ring-1 ring-line/70">
          <dt className="text-xs font-semibold text-muted">{item.label}</dt>
          <dd className={`mt-1 font-display text-2xl font-semibold tabular-nums ${tones[item.tone ?? 'plain']}`}>{number(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 2: what applying would do, the refused products with their reasons, and Apply. */
function PreviewStep({ run, onAnother }: { run: ImportRun; onAnother: () => void }) {
  const { t } = useTranslation('admin-import');
  const number = useImportNumber();
  const fileErrorLines = useFileErrorLines();
  const [apply, applying] = useApplyImportMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const { preview } = run;
  const changes = preview.create + preview.update;
  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold text-ink">{t('preview.heading')}</h2>
        <p className="mt-1 text-sm text-muted" dir="auto">
          {t('preview.file', { name: run.fileName, rows: number(preview.rows) })}
        </p>
        <Figures
          items={[
            { label: t('preview.create'), value: preview.create, tone: 'good' },
            { label: t('preview.update'), value: preview.update, tone: 'good' },
            { label: t('preview.unchanged'), value: preview.unchanged },
            { label: t('preview.error'), value: preview.error, tone: preview.error ? 'bad' : 'plain' },
          ]}
        />
        <p className="mt-4 text-sm text-muted">{t('preview.nothingYet')}</p>
        {preview.error > 0 && (
          <p className="mt-2 flex items-start gap-2 text-sm text-rose">
            <AlertTriangle size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            {t('preview.errorsLeftOut', { count: preview.error, n: number(preview.error) })}
          </p>
        )}
        {failed && (
          <p role="alert" className="mt-2 text-sm text-rose">
            {failed}
          </p>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {changes > 0 ? (
            <button
              type="button"
              className="btn btn-primary h-11 px-6 py-0"
              disabled={applying.isLoading}
              onClick={() => {
                setFailed(null);
                apply(run.id)
                  .unwrap()
                  .catch((err: unknown) => setFailed(fileErrorLines(failureOf(err)).join(' ') || t('preview.applyFailed')));
              }}
            >
              {t('preview.apply', { count: changes, n: number(changes) })}
            </button>
          ) : (
            <p className="text-sm font-semibold text-ink">{t('preview.nothingToApply')}</p>
          )}
          <button type="button" className="btn btn-ghost h-11 px-5 py-0" onClick={onAnother}>
            <Upload size={16} aria-hidden="true" />
            {t('preview.another')}
          </button>
        </div>
      </Card>
      <ImportRows
        id={run.id}
        views={[
          { view: 'error', count: preview.error },
          { view: 'update', count: preview.update },
          { view: 'create', count: preview.create },
          { view: 'unchanged', count: preview.unchanged },
        ]}
      />
    </>
  );
}

/** Step 3: the progress bar, read again every second while the job writes. */
function ApplyingStep({ run }: { run: ImportRun }) {
  const { t } = useTranslation('admin-import');
  const number = useImportNumber();
  // This subscription polls; the page's own reads the same answer.
  useGetImportRunQuery(run.id, { pollingInterval: 1000 });
  const { done, total } = run.progress;
  const percent = total ? Math.min(100, Math.floor((done * 100) / total)) : 0;
  const text = t('applying.progress', { done: number(done), total: number(total) });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-ink">{t('applying.heading')}</h2>
      <div
        role="progressbar"
        aria-label={t('applying.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-5"
      >
        <span className="block h-3 w-full overflow-hidden rounded-full bg-sand" aria-hidden="true">
          <span className="block h-full rounded-full bg-amber transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </span>
        <p className="mt-2 flex justify-between text-sm tabular-nums">
          <span>{text}</span>
          <span className="font-semibold">{number(percent)}%</span>
        </p>
      </div>
      <p className="mt-4 text-sm text-muted">{t('applying.leave')}</p>
    </Card>
  );
}

/** The end: what was created, updated, left unchanged or refused, and the pictures not fetched. */
function ReportStep({ run, onAnother }: { run: ImportRun; onAnother: () => void }) {
  const { t } = useTranslation('admin-import');
  const dispatch = useAppDispatch();
  // The merchant's lists and this tab's storefront listings show the imported products.
  useEffect(() => {
    dispatch(importApi.util.invalidateTags(['AdminProducts', 'Stock']));
  }, [dispatch]);
  const { report } = run;
  const ok = run.status === 'done';
  return (
    <>
      <Card>
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
          {ok ? <CheckCircle2 size={20} className="text-olive" aria-hidden="true" /> : <AlertTriangle size={20} className="text-rose" aria-hidden="true" />}
          {ok ? t('report.heading') : t('report.failedHeading')}
        </h2>
        {!ok && <p className="mt-1 text-sm text-rose">{t('report.failedBody')}</p>}
        <Figures
          items={[
            { label: t('report.created'), value: report.created, tone: 'good' },
            { label: t('report.updated'), value: report.updated, tone: 'good' },
            { label: t('report.unchanged'), value: report.unchanged },
            { label: t('report.leftOut'), value: run.preview.error, tone: run.preview.error ? 'bad' : 'plain' },
            { label: t('report.failed'), value: report.failed, tone: report.failed ? 'bad' : 'plain' },
            { label: t('report.picturesFailed'), value: report.picturesFailed, tone: report.picturesFailed ? 'bad' : 'plain' },
          ]}
        />
        {report.picturesFailed > 0 && <p className="mt-4 text-sm text-muted">{t('report.picturesHelp')}</p>}
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/admin/products" className="btn btn-primary h-11 px-6 py-0">
            {t('report.toProducts')}
          </Link>
          <button type="button" className="btn btn-ghost h-11 px-5 py-0" onClick={onAnother}>
            <Upload size={16} aria-hidden="true" />
            {t('report.another')}
          </button>
        </div>
      </Card>
      <ImportRows
        id={run.id}
        views={[
          { view: 'failed', count: report.failed },
          { view: 'error', count: run.preview.error },
          { view: 'pictures', count: report.picturesFailed },
        ]}
      />
    </>
  );
}

/** A run of the import by its status: the preview, the progress, or the report. */
export function ImportRunView({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation('admin');
  const { data: run, isError, refetch } = useGetImportRunQuery(id);
  if (!run) return isError ? <LoadFailed onRetry={() => void refetch()} /> : <Card>{t('common.loading')}</Card>;
  if (run.status === 'previewed') return <PreviewStep run={run} onAnother={onAnother} />;
  if (run.status === 'applying') return <ApplyingStep run={run} />;
  return <ReportStep run={run} onAnother={onAnother} />;
}
