// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { ExportCsvButton } from './export-button';

const admin = JSON.parse(fs.readFileSync(path.resolve('public/locales/en/admin.json'), 'utf8')) as Texts;
const i18n = new Translator({ lng: 'en', resources: { en: { admin } } });
function wrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const encoder = new TextEncoder();

/** A streamed CSV answer whose chunks are released one by one by `next()`. */
function streamedCsv(chunks: string[], total: number) {
  let release: (() => void) | null = null;
  let sent = 0;
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
    async pull(controller) {
      if (sent === chunks.length) return controller.close();
      await new Promise<void>((r) => (release = r));
      controller.enqueue(encoder.encode(chunks[sent++]!));
    },
  });
  const response = new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="orders-2026-05-01.csv"',
      'x-total-count': String(total),
    },
  });
  // As a real fetch does: an aborted request fails the body's pending read.
  return { response, next: () => release?.(), fail: (err: unknown) => stream?.error(err) };
}

describe('ExportCsvButton', () => {
  it('shows the rows received against the announced total, then hands the file over', async () => {
    const { response, next } = streamedCsv(['Number,Date\r\nNSM-1,a\r\n', 'NSM-2,b\r\nNSM-3,c\r\n', 'NSM-4,d\r\n'], 4);
    const fetchMock = vi.fn(async () => response);
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });

    render(<ExportCsvButton href="/api/admin/orders.csv?status=pending" />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/orders.csv?status=pending', expect.objectContaining({ credentials: 'same-origin' }));

    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeTruthy());
    next();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByRole('progressbar').textContent).toContain('Exporting… 25%');
    next();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));
    next();
    await waitFor(() => expect(clicks).toEqual(['orders-2026-05-01.csv blob:csv']));
    expect(created).toHaveBeenCalledTimes(1);
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('Number,Date\r\nNSM-1,a\r\nNSM-2,b\r\nNSM-3,c\r\nNSM-4,d\r\n');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('says so when the export fails, and can be tried again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    render(<ExportCsvButton href="/api/admin/orders.csv" />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The export failed. Try again.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('stops when asked, without a file and without an error', async () => {
    const { response, fail } = streamedCsv(['Number\r\n', 'NSM-1\r\n'], 1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        init.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')));
        return response;
      }),
    );
    render(<ExportCsvButton href="/api/admin/orders.csv" />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop export' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
