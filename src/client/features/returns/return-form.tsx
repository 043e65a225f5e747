import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { RETURN_NOTE_MAX, returnKinds, returnReasons, type ReturnKind, type ReturnReason } from '../../../shared/domain/returns';
import type { OrderReturns, ShopperReturn } from '../../../shared/schemas/returns';
import { useTranslation } from '../../app/i18n-view';
import { errorKeys, failureOf } from '../../app/api-failure';
import { FieldError, FormAlert, RadioGroup, Select, ShopFormProvider, Textarea, useFieldProps, useShopForm } from '../../components/form';
import { PhotoPicker, usePhotoPicker } from '../reviews';
import { sendReturnRequest, type ReturnAccess } from './returns-api';

interface FormValues {
  kind: ReturnKind;
  reason: ReturnReason | '';
  note: string;
  /** Units asked back per order line, keyed `l<lineId>` (a key of digits would make react-hook-form an array). */
  qty: Record<string, string>;
}
interface Asked {
  kind: ReturnKind;
  reason: ReturnReason;
  note: string;
  lines: Array<{ lineId: number; quantity: number }>;
}

/** The form checked with the server's rules (returns.ts): at least one unit, a reason, a note of at most 500 characters. */
const formSchema = z
  .object({
    kind: z.enum(returnKinds, { error: 'required' }),
    reason: z.enum(returnReasons, { error: 'required' }),
    note: z.string().max(RETURN_NOTE_MAX, 'too_long'),
    qty: z.record(z.string(), z.string()),
  })
  .superRefine((v, ctx) => {
    if (!Object.values(v.qty).some((q) => Number(q) > 0)) ctx.addIssue({ code: 'custom', message: 'return_lines_required', path: ['qty'] });
  })
  .transform((v): Asked => ({
    kind: v.kind,
    reason: v.reason,
    note: v.note.trim(),
    lines: Object.entries(v.qty)
      .map(([key, q]) => ({ lineId: Number(key.slice(1)), quantity: Number(q) }))
      .filter((l) => l.quantity > 0),
  }));

/** The "choose at least one item" error, under the lines. */
function LinesError() {
  const { id, error } = useFieldProps('qty');
  return <FieldError id={id} error={error} testName="qty" />;
}

/**
 * Asks a return or exchange: how many units of each line (up to what is left), return or
 * exchange, the reason, a note and up to three photos, sent as one multipart request with its
 * progress. The server's refusals show beside the fields or above the form.
 */
export function ReturnForm({
  access,
  data,
  onSent,
  onCancel,
}: {
  access: ReturnAccess;
  data: OrderReturns;
  onSent: (r: ShopperReturn) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useCallback((code: string | undefined) => (code ? t(errorKeys(code, 'returns.errors')) : undefined), [t]);
  const open = data.lines.filter((l) => l.returnable > 0);
  const defaults = useMemo<FormValues>(
    () => ({ kind: 'return', reason: '', note: '', qty: Object.fromEntries(open.map((l) => [`l${l.lineId}`, open.length === 1 ? '1' : '0'])) }),
    // Read once: the form keeps what the shopper chose while the list is read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const shop = useShopForm<FormValues, Asked>({ schema: formSchema, idPrefix: 'return', errorText, defaultValues: defaults });
  const photos = usePhotoPicker();
  const [alert, setAlert] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);

  const send = async (asked: Asked) => {
    setAlert(null);
    const form = new FormData();
    form.append('kind', asked.kind);
    form.append('reason', asked.reason);
    form.append('note', asked.note);
    form.append('lines', JSON.stringify(asked.lines));
    for (const photo of photos.photos) form.append('photos', photo.file, photo.file.name);
    sending.current = new AbortController();
    setPercent(0);
    try {
      onSent(await sendReturnRequest(access, form, (f) => setPercent(Math.round(f * 100)), sending.current.signal));
    } catch (err) {
      const f = failureOf(err);
      if (f.code === 'aborted') return;
      if (f.code === 'validation' && shop.applyServerErrors(f.fields).length > 0) return;
      setAlert(f.code);
    } finally {
      setPercent(null);
    }
  };
  const busy = percent !== null;

  return (
    <ShopFormProvider
      shop={shop}
      onSubmit={shop.handleSubmit(send)}
      className="grid gap-5 rounded-2xl border border-line/70 bg-white p-5 shadow-soft"
      aria-labelledby="return-form-title"
    >
      <h3 id="return-form-title" className="font-display text-2xl font-semibold">
        {t('returns.form.title')}
      </h3>
      {alert && <FormAlert>{t(errorKeys(alert, 'returns.errors'))}</FormAlert>}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('returns.form.items')}</legend>
        <ul className="grid gap-3">
          {open.map((l) => (
            <li key={l.lineId} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-ivory/70 px-3 py-2">
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold">{l.name}</span>
                {(l.color || l.size) && <span className="text-muted">{[l.color, l.size].filter(Boolean).join(' / ')}</span>}
              </span>
              <Select name={`qty.l${l.lineId}`} label={t('returns.form.quantityOf', { name: l.name })} className="w-28 [&_label]:sr-only">
                {Array.from({ length: l.returnable + 1 }, (_, n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
        <LinesError />
      </fieldset>
      <RadioGroup
        name="kind"
        legend={t('returns.form.kind')}
        legendClassName="mb-2 text-sm font-semibold"
        options={returnKinds.map((k) => ({ value: k, label: t(`returns.form.kinds.${k}`), description: t(`returns.form.kindHints.${k}`) }))}
      />
      <Select name="reason" label={t('returns.form.reason')}>
        <option value="">{t('returns.form.chooseReason')}</option>
        {returnReasons.map((r) => (
          <option key={r} value={r}>
            {t(`returns.reasons.${r}`)}
          </option>
        ))}
      </Select>
      <Textarea name="note" label={t('returns.form.note')} aside={t('reviewForm.optional')} maxLength={RETURN_NOTE_MAX} rows={3} dir="auto" />
      <PhotoPicker
        id="return-photos"
        photos={photos.photos}
        preparing={photos.preparing}
        error={photos.error ? t(errorKeys(photos.error, 'returns.errors')) : undefined}
        disabled={busy}
        onAdd={(files) => void photos.add(files)}
        onRemove={photos.remove}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy || photos.preparing > 0}>
          {busy ? t('returns.form.sending', { percent }) : t('returns.form.submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => (busy ? sending.current?.abort() : onCancel())}>
          {t('returns.form.cancel')}
        </button>
      </div>
    </ShopFormProvider>
  );
}
