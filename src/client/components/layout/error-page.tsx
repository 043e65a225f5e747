import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '../../app/i18n-view';
import { RefreshCw } from 'lucide-react';
import { Seo } from '../ui/seo';

/** A dynamic import that failed: a stale chunk after a deploy, or a dropped connection. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Loading chunk|ChunkLoadError|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

/** The router's fallback page: 'Unexpected Application Error!' with the status and its text. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : chunk ? 503 : 500;
  const statusText = isRouteErrorResponse(error)
    ? status === 404
      ? t('error.notFound')
      : error.statusText
    : chunk
      ? t('error.chunkFailed')
      : error instanceof Error
        ? error.message
        : '';
  const notFound = status === 404;
  // A crash's own message is technical English from the browser: marked as such, shown as written.
  const technical = !isRouteErrorResponse(error) && !chunk && error instanceof Error;

  return (
    <section className="container-shop flex min-h-[70vh] flex-col items-center justify-center py-16 text-center" data-testid="error-page">
      <Seo titleTemplate={t('error.title')} />
      <p className="font-display text-[96px] font-semibold leading-none text-amber-dark" data-testid="error-status">
        {status}
      </p>
      <h1 className="mt-4 font-display text-4xl font-semibold">{t('error.title')}</h1>
      <p className="mt-2 text-lg text-olive" data-testid="error-text" lang={technical ? 'en' : undefined} dir={technical ? 'ltr' : undefined}>
        {statusText}
      </p>
      {chunk ? (
        <>
          <p className="mt-4 max-w-md text-muted">{t('error.chunkText')}</p>
          <button type="button" onClick={() => window.location.reload()} className="btn btn-primary mt-8">
            <RefreshCw size={16} aria-hidden="true" />
            {t('error.reload')}
          </button>
        </>
      ) : (
        <>
          <p className="mt-4 max-w-md text-muted">{notFound ? t('error.notFoundText') : t('error.genericText')}</p>
          <Link to="/" className="btn btn-primary mt-8">
            {t('error.backHome')}
          </Link>
        </>
      )}
    </section>
  );
}
