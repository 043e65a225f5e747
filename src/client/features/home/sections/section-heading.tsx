import type { ReactNode } from 'react';

/** The heading every home section opens with: eyebrow, serif title, optional action. */
export function SectionHeading({ eyebrow, title, action, id }: { eyebrow?: string; title: string; action?: ReactNode; id?: string }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <div>
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h2 id={id} className="mt-1 font-display text-3xl font-semibold sm:text-4xl">
          {title}
        </h2>
      </div>
      {action}
    </div>
  );
}
