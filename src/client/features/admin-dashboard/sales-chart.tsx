import { useEffect, useRef } from 'react';
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
  money: (piastres: number) => string;
}

const INK = '#2b2e22';
const MUTED = '#6a6858';
const HONEY = '#d9a441';
const OLIVE = '#4a5136';
const GRID = 'rgba(227, 217, 198, 0.7)';
const FONT = '12px "Inter Variable", "Noto Sans Arabic Variable", system-ui, sans-serif';

/**
 * Revenue (bars, left axis) and orders (line, right axis) per Cairo day. uPlot draws on a canvas
 * left to right, so the chart is kept `dir="ltr"` (time runs left to right in Arabic too, as in
 * the shop's other numbers); the width follows the card through a ResizeObserver. Loaded with
 * `lazy()` so uPlot is its own chunk.
 */
export default function SalesChart({ sales, lng, dayLabelText, revenueLabel, ordersLabel, money }: Props) {
  const box = useRef<HTMLDivElement>(null);

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
      legend: { show: true, live: true },
      scales: {
        x: { time: false, range: [-0.6, sales.length - 0.4] },
        egp: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
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
        { ...axis, scale: 'egp', size: 64, values: (_u, splits) => splits.map((v) => compact(v, lng)) },
        { ...axis, scale: 'n', side: 1, size: 40, grid: { show: false }, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
      ],
    };
    const data: uPlot.AlignedData = [x, sales.map((s) => s.revenue / 100), sales.map((s) => s.orders)];
    const chart = new uPlot(opts, data, el);
    // The plot stays left to right; its legend reads in the page's direction.
    chart.root.querySelector('.u-legend')?.setAttribute('dir', document.documentElement.dir || 'ltr');
    const observer = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: height() }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [sales, lng, dayLabelText, revenueLabel, ordersLabel, money]);

  return (
    <div
      dir="ltr"
      ref={box}
      className="sales-chart w-full text-ink [&_.u-legend]:mt-2 [&_.u-legend]:text-start [&_.u-legend]:text-xs [&_.u-legend_th]:font-semibold [&_.u-legend_.u-marker]:rounded-full"
      style={{ color: INK }}
    />
  );
}

/** Axis figures in EGP, shortened: 12.5k, 1.2M. */
function compact(egp: number, lng: string): string {
  return new Intl.NumberFormat(lng === 'ar' ? 'en' : lng, { notation: 'compact', maximumFractionDigits: 1 }).format(egp);
}
