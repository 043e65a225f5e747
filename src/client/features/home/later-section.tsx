import { lazy, memo, Suspense, useCallback, useEffect, useId, useState, type ComponentType } from 'react';
import type { HomeSection } from './variants';
import type * as SectionModuleType from './section';

type SectionModule = typeof SectionModuleType;
type SectionView = ComponentType<{ section: HomeSection }>;

/** The sections' code once it is here: the server loads it before it renders (`loadSections`). */
let sections: SectionModule | null = null;

/** Fetches the home sections' code (one chunk) and keeps it. */
export async function loadSections(): Promise<SectionModule> {
  sections ??= await import('./section');
  return sections;
}

/**
 * Resolves when the element is near the screen, or once the page is loaded and the browser idle.
 * Idle matters: the products a section shows came with the page and are kept for a few minutes only
 * (the API's keepUnusedDataFor); a section that waited longer would no longer draw what the
 * server drew.
 */
function nearOrIdle(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let timer = 0;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '50% 0px' });
    const idle = () => {
      timer = window.setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(done, { timeout: 2000 }) : done()), 1500);
    };
    function done() {
      observer.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('load', idle);
      resolve();
    }
    observer.observe(element);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * The sections' code, or, when it cannot be fetched (twice), a promise that never settles: the
 * section then keeps the server's HTML (its links work; a press on one of its buttons is held by
 * public/boot.js, which tells the shopper and offers a reload) instead of breaking the page.
 */
async function sectionsOrKeep(): Promise<SectionModule> {
  try {
    return await loadSections();
  } catch {
    await new Promise((resolve) => window.setTimeout(resolve, 3000));
    return loadSections().catch(() => new Promise<never>(() => undefined));
  }
}

/** Says when the boundary it is in has its code and is live (its effects run only then). */
function Arrived({ onArrive }: { onArrive: () => void }) {
  useEffect(onArrive, [onArrive]);
  return null;
}

/**
 * A home section below the opening (issue 17). The server draws it with the page; in the browser
 * its code (product cards, countdown, newsletter, ...) is not part of the page's first script: the
 * section keeps the server's HTML, untouched and already readable, and hydrates when it comes near
 * the screen or the browser is idle after load (React keeps a Suspense boundary's server HTML while
 * its code is on the way). Memo keeps the boundary out of its parent's re-renders: a boundary that
 * receives an update before it hydrates would be drawn again from nothing.
 *
 * Until then the wrapper carries `data-waiting`: public/boot.js holds a button press inside it (Add
 * to cart on a product card) and makes it again once the section is live, as it does for a press
 * made before the page is live.
 */
export const LaterSection = memo(function LaterSection({ section }: { section: HomeSection }) {
  const id = useId();
  const [waiting, setWaiting] = useState(true);
  const arrive = useCallback(() => setWaiting(false), []);
  const [View] = useState<SectionView>(
    () =>
      sections?.Section ??
      lazy(async () => {
        await nearOrIdle(id);
        return { default: (await sectionsOrKeep()).Section };
      }),
  );
  return (
    <div id={id} data-waiting={waiting ? '' : undefined}>
      <Suspense fallback={null}>
        <View section={section} />
        <Arrived onArrive={arrive} />
      </Suspense>
    </div>
  );
});
