// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile, uploadForm } from './transfers';

/** What the fake XMLHttpRequest answers: a status and body, or a failed connection. */
let answer: { status: number; body: unknown } | 'offline';
let sent: { method: string; url: string; data: FormData }[] = [];

class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  private method = '';
  private url = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(data: FormData) {
    sent.push({ method: this.method, url: this.url, data });
    this.timer = setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
      if (answer === 'offline') return this.onerror?.();
      this.status = answer.status;
      this.response = answer.body;
      this.onload?.();
    }, 5);
  }
  abort() {
    clearTimeout(this.timer);
    this.onabort?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  sent = [];
});

describe('uploadForm', () => {
  it('posts the form, reports the progress and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer = { status: 201, body: { id: 3, status: 'pending' } };
    const form = new FormData();
    form.append('rating', '5');
    const progress: number[] = [];
    await expect(uploadForm('/api/reviews/NSM-1?e=1&token=t', form, (f) => progress.push(f))).resolves.toEqual({ id: 3, status: 'pending' });
    expect(progress).toEqual([0.25, 1]);
    expect(sent).toEqual([{ method: 'POST', url: '/api/reviews/NSM-1?e=1&token=t', data: form }]);
  });

  it('rejects with the API failure: the code and field codes, too_large for a bare 413, network offline', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer = { status: 400, body: { error: { code: 'validation', message: 'x', fields: { body: 'review_too_short' } } } };
    await expect(uploadForm('/x', new FormData(), () => undefined)).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      fields: { body: 'review_too_short' },
    });
    answer = { status: 413, body: null };
    await expect(uploadForm('/x', new FormData(), () => undefined)).rejects.toEqual({ status: 413, code: 'too_large', fields: {}, details: undefined });
    answer = 'offline';
    await expect(uploadForm('/x', new FormData(), () => undefined)).rejects.toEqual({ status: 0, code: 'network', fields: {} });
  });

  it('stops when its signal aborts, and does not start when it already has', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer = { status: 201, body: {} };
    const controller = new AbortController();
    const upload = uploadForm('/x', new FormData(), () => undefined, controller.signal);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ code: 'aborted' });
    await expect(uploadForm('/x', new FormData(), () => undefined, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(sent).toHaveLength(1);
  });
});

describe('uploadFile', () => {
  it('sends one file as the form field "file" through uploadForm', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer = { status: 201, body: { image: { base: '/uploads/x' } } };
    const file = new File(['png'], 'p.png', { type: 'image/png' });
    await expect(uploadFile('/api/admin/uploads?kind=product', file, () => undefined)).resolves.toEqual({ image: { base: '/uploads/x' } });
    expect(sent[0]!.url).toBe('/api/admin/uploads?kind=product');
    expect([...sent[0]!.data.keys()]).toEqual(['file']);
    expect((sent[0]!.data.get('file') as File).name).toBe('p.png');
  });
});
