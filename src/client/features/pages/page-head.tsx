import type { ReactNode } from 'react';
import { Breadcrumb } from '../../components/ui/breadcrumb';

/** Breadcrumb, eyebrow, title and lead of an information page. */
export function PageIntro({ crumb, eyebrow, title, lead }: { crumb: string; eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <header>
      <Breadcrumb trail={[{ label: crumb }]} />
      {eyebrow && <p className="eyebrow mt-6">{eyebrow}</p>}
      <h1 className="mt-2 font-display text-4xl font-semibold leading-tight sm:text-6xl">{title}</h1>
      {lead && <p className="mt-4 max-w-2xl text-lg leading-relaxed text-olive">{lead}</p>}
    </header>
  );
}
