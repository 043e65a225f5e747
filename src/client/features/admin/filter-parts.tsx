import { Link } from 'react-router';
import { X } from 'lucide-react';

/** Where a filter form goes from stacked to one row: the orders' filters at `md`, the activity log's (more of them) at `lg`. */
type Breakpoint = 'md' | 'lg';
const rowFrom: Record<Breakpoint, { pair: string; input: string }> = {
  md: { pair: 'grid grid-cols-2 gap-3 md:contents', input: 'field md:w-44' },
  lg: { pair: 'grid grid-cols-2 gap-3 sm:col-span-2 lg:contents', input: 'field lg:w-44' },
};

/** A list filter's "From" and "To" days (`from`, `to` in the form), side by side on a phone, each held to the other. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  labels,
  breakpoint,
}: {
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  labels: { from: string; to: string };
  breakpoint: Breakpoint;
}) {
  const { pair, input } = rowFrom[breakpoint];
  return (
    <div className={pair}>
      <div>
        <label htmlFor={`${idPrefix}-from`} className="mb-1.5 block text-sm font-semibold">
          {labels.from}
        </label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from ?? ''} max={to} className={input} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="mb-1.5 block text-sm font-semibold">
          {labels.to}
        </label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to ?? ''} min={from} className={input} />
      </div>
    </div>
  );
}

/** A filter form's Apply button, and a link back to the unfiltered list (`clearTo`) while a filter is set. */
export function FilterActions({
  filtered,
  clearTo,
  labels,
  className = 'flex items-center gap-2',
}: {
  filtered: boolean;
  clearTo: string;
  labels: { apply: string; clear: string };
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn-primary !py-[0.7rem]">
        {labels.apply}
      </button>
      {filtered && (
        <Link
          to={clearTo}
          className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-muted hover:bg-sand hover:text-ink"
        >
          <X size={15} aria-hidden="true" />
          {labels.clear}
        </Link>
      )}
    </div>
  );
}
