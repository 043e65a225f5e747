import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * A page's aside of advice beside its form (the track page's help, the review page's guide): an
 * icon in a round badge, a heading that names the aside, and what it says.
 */
export function SideNote({
  id,
  icon: Icon,
  title,
  className = '',
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <aside className={`rounded-3xl bg-sand/60 p-6 sm:p-8 ${className}`} aria-labelledby={id}>
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-amber-dark">
        <Icon size={22} aria-hidden="true" />
      </span>
      <h2 id={id} className="mt-5 font-display text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </aside>
  );
}
