import { Link, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { AdminPage } from '../admin';
import { useGetImportRunQuery } from './api';
import { UploadStep } from './upload-step';
import { ImportRunView } from './run-steps';

type Step = 'upload' | 'preview' | 'apply';

/** Where the merchant is: choose a file, check the changes, import; the current one is marked for screen readers too. */
function Steps({ current }: { current: Step }) {
  const { t } = useTranslation('admin-import');
  const steps: Step[] = ['upload', 'preview', 'apply'];
  const at = steps.indexOf(current);
  return (
    <ol aria-label={t('steps.label')} className="mb-5 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {steps.map((step, i) => (
        <li key={step} aria-current={i === at ? 'step' : undefined} className={`flex items-center gap-2 ${i === at ? 'font-semibold text-ink' : 'text-muted'}`}>
          <span
            className={`flex h-6 w-6 items-center justify-center rounded-full text-xs tabular-nums ${i < at ? 'bg-moss/20 text-olive' : i === at ? 'bg-ink text-ivory' : 'bg-sand'}`}
            aria-hidden="true"
          >
            {i + 1}
          </span>
          {t(`steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

/** The step a run is at, from its status (the upload while there is none). */
function useStep(id: number | undefined): Step {
  const { data } = useGetImportRunQuery(id ?? 0, { skip: !id });
  if (!id) return 'upload';
  return data && data.status !== 'previewed' ? 'apply' : 'preview';
}

/**
 * `/admin/products/import` (issue 32, decision 040): a products CSV is uploaded and previewed
 * (what would be created, updated, left as it is or refused, row by row), applied in the job
 * queue with a progress bar, and ends with a report. The run is in the URL (`?run=`), so a reload
 * or a return later shows where it stands.
 */
export default function ImportPage() {
  const { t } = useTranslation('admin-import');
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('run'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const step = useStep(id);
  return (
    <AdminPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Link to="/admin/products" className="btn btn-ghost h-10 px-4 py-0 text-sm">
          <ArrowLeft size={16} className="rtl:rotate-180" aria-hidden="true" />
          {t('back')}
        </Link>
      }
    >
      <Steps current={step} />
      {id ? <ImportRunView key={id} id={id} onAnother={() => setParams({})} /> : <UploadStep onPreviewed={(run) => setParams({ run: String(run.id) })} />}
    </AdminPage>
  );
}
