import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Seo } from '../../components/ui/seo';
import { PageIntro } from './page-head';

/**
 * The frame of the pages an e-mailed link or its request opens (forgot password, set a new
 * password, confirm the address, a back-in-stock alert's confirm and unsubscribe): the page head
 * and one centred card.
 */
export function LinkCard({ title, lead, icon: Icon, children }: { title: string; lead?: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="container-shop py-10">
      <Seo titleTemplate={title} description={lead} />
      <PageIntro crumb={title} title={title} />
      <div className="mx-auto mt-8 max-w-md rounded-3xl bg-white p-6 shadow-soft sm:mt-10 sm:p-8">
        <span className="mb-5 flex h-12 w-12 items-center justify-center rounded-full bg-sand text-amber-dark">
          <Icon size={22} aria-hidden="true" />
        </span>
        {lead && <p className="text-sm leading-relaxed text-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
