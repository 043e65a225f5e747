import type { ReactNode } from 'react';
import { Card } from '../admin';

/** A card of the promotion form: an icon, its title and a line saying what it decides. */
export function Section({ icon, title, hint, id, children }: { icon: ReactNode; title: string; hint?: string; id?: string; children: ReactNode }) {
  return (
    <Card>
      <div className="mb-5 flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sand text-amber-dark" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 id={id} className="text-base font-semibold text-ink">
            {title}
          </h2>
          {hint && <p className="mt-0.5 text-sm text-muted">{hint}</p>}
        </div>
      </div>
      {children}
    </Card>
  );
}
