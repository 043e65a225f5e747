import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard } from '../../../shared/schemas/admin-dashboard';
import { dayLabel } from './format';

interface Props {
  sales: Dashboard['sales'];
  lng: string;
  dayLabelText: string;
  revenueLabel: string;
  ordersLabel: string;
  /** What the legend says when no day is pointed at ("Last 30 days"). */
  periodLabel: string;
  /** The unit of the revenue axis ("EGP"). */
  unit: string;
  money: (piastres: number) => string;
}

const INK = '#2b2e22';
const MUTED = '#6a6858';
const HONEY = '#d9a441';
const OLIVE = '#4a5136';
const GRID = 'rgba(227, 217, 198, 0.7)';
const FONT = '12px "Inter Variable", "Noto Sans Arabic Variable", system-ui, sans-serif';

/**
 * Revenue (bars, left axis, in EGP) and orders (line, right axis) per Cairo day. uPlot draws on a
 * canvas left to right, so the chart is kept `dir="ltr"` (time runs left to right in Arabic too, as
 * in the shop's other numbers); the width follows the card through a ResizeObserver. Below it, a
 * legend in the page's language and direction names each series with its value: the period's
 * totals, or the day the pointer is on. Loaded with `lazy()` so uPlot is its own chunk.
 */
export default function SalesChart({ sales, lng, dayLabelText, revenueLabel, ordersLabel, periodLabel, unit, money }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // The day the pointer is on (its index), or null: the legend then names the whole period's figures.
  const [day, setDay] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const height = () => (el.clientWidth < 480 ? 220 : 280);
    const x = sales.map((_, i) => i);
    const axis = { stroke: MUTED, font: FONT, grid: { stroke: GRID, width: 1 }, ticks: { show: false } };
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: height(),
      padding: [12, 4, 0, 4],
      cursor: { points: { size: 8 }, drag: { x: false, y: false } },
      // The legend is the shop's own, below (values for the period, or for the day pointed at).
      legend: { show: false },
      hooks: { setCursor: [(u) => setDay(u.cursor.idx ?? null)] },
      scales: {
        x: { time: false, range: [-0.6, sales.length - 0.4] },
        // At least EGP 100 high: an empty month shows whole pounds, not fractions.
        egp: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] },
        n: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.25] },
      },
      series: [
        { label: dayLabelText, value: (_u, i) => (i == null || !sales[i] ? '–' : dayLabel(sales[i].day, lng)) },
        {
          label: revenueLabel,
          scale: 'egp',
          stroke: HONEY,
          fill: 'rgba(217, 164, 65, 0.55)',
          width: 0,
          paths: uPlot.paths.bars!({ size: [0.7, 28], radius: 0.25 }),
          points: { show: false },
          value: (_u, v) => (v == null ? '–' : money(Math.round(v * 100))),
        },
        {
          label: ordersLabel,
          scale: 'n',
          stroke: OLIVE,
          width: 2,
          points: { show: true, size: 5, fill: '#ffffff' },
          value: (_u, v) => (v == null ? '–' : new Intl.NumberFormat('en').format(v)),
        },
      ],
      axes: [
        {
          ...axis,
          grid: { show: false },
          space: 56,
          incrs: [1, 2, 3, 5, 7, 10, 15],
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && sales[i] ? dayLabel(sales[i].day, lng) : '')),
        },
        { ...axis, scale: 'egp', size: 64, label: unit, labelSize: 16, labelFont: FONT, values: (_u, splits) => splits.map((v) => compact(v, lng)) },
        { ...axis, scale: 'n', side: 1, size: 40, grid: { show: false }, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
      ],
    };
    const data: uPlot.AlignedData = [x, sales.map((s) => s.revenue / 100), sales.map((s) => s.orders)];
    const chart = new uPlot(opts, data, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: height() }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [sales, lng, dayLabelText, revenueLabel, ordersLabel, unit, money]);

  const shown = day !== null && sales[day] ? [sales[day]] : sales;
  const revenue = shown.reduce((sum, d) => sum + d.revenue, 0);
  const orders = shown.reduce((sum, d) => sum + d.orders, 0);
  return (
    <figure className="m-0">
      <div dir="ltr" ref={box} className="sales-chart w-full text-ink" style={{ color: INK }} />
      {/* The legend names each series and its value, in the page's direction. */}
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm" aria-live="polite" data-testid="sales-legend">
        <span className="font-semibold">{day !== null && sales[day] ? dayLabel(sales[day].day, lng) : periodLabel}</span>
        <span className="flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ background: HONEY }} aria-hidden="true" />
          {revenueLabel}: <bdi className="font-semibold tabular-nums">{money(revenue)}</bdi>
        </span>
        <span className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-4 rounded-full" style={{ background: OLIVE }} aria-hidden="true" />
          {ordersLabel}: <bdi className="font-semibold tabular-nums">{new Intl.NumberFormat('en').format(orders)}</bdi>
        </span>
      </figcaption>
    </figure>
  );
}

/** Axis figures in EGP, shortened: 12.5k, 1.2M. */
function compact(egp: number, lng: string): string {
  return new Intl.NumberFormat(lng === 'ar' ? 'en' : lng, { notation: 'compact', maximumFractionDigits: 1 }).format(egp);
}
