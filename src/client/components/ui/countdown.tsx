import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n-view';

/** Splits the time left until `end` into days, hours, minutes, seconds (never negative). */
export function timeLeft(end: Date, now: Date) {
  const total = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  return {
    total,
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** A ticking countdown to an offer's end; renders nothing once it has passed. */
export function Countdown({ end, tone = 'light' }: { end: string; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(new Date(end), now);
  if (left.total === 0) return null;
  const cells = [
    [left.days, t('countdown.days')],
    [left.hours, t('countdown.hours')],
    [left.minutes, t('countdown.minutes')],
    [left.seconds, t('countdown.seconds')],
  ] as const;
  const box = tone === 'dark' ? 'bg-ivory/10 text-ivory' : 'bg-white text-ink shadow-soft';
  return (
    <div role="timer" aria-label={t('countdown.label')} className="flex gap-2" data-testid="countdown">
      {cells.map(([value, label]) => (
        <div key={label} className={`flex min-w-[62px] flex-col items-center rounded-xl px-2 py-2 ${box}`}>
          <span className="font-display text-2xl font-semibold tabular-nums" suppressHydrationWarning>
            {String(value).padStart(2, '0')}
          </span>
          <span className="text-[11px] uppercase tracking-wider opacity-75">{label}</span>
        </div>
      ))}
    </div>
  );
}
