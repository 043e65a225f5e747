import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
// Vitest does not swap lucide's Icon (only the build does, vite.config.ts): these are lucide's own.
import { LucideProvider, ShoppingCart } from 'lucide-react';
import * as cartModule from 'lucide-react/icons/shopping-cart';
import * as alarmModule from 'lucide-react/icons/alarm-clock-check';
import * as starModule from 'lucide-react/icons/star';
import LucideIcon, { type LucideIconData, type LucideIconProps } from './lucide-icon';

const dataOf = (module: object) => (module as { __iconData: LucideIconData }).__iconData;
const icons = [cartModule, alarmModule, starModule].map((module) => ({
  original: (module as { default: ComponentType<LucideIconProps> }).default,
  data: dataOf(module),
}));

/** The props the shop's icons are drawn with, and the rarer ones lucide takes. */
const propSets: LucideIconProps[] = [
  {},
  { size: 18 },
  { size: 16, className: 'text-primary shrink-0', 'aria-hidden': true },
  { className: 'fill-amber-400  text-amber-400 fill-amber-400' },
  { 'aria-label': 'Cart', role: 'img' },
  { strokeWidth: 1.5, color: '#c2410c', width: 20 },
  { size: 48, absoluteStrokeWidth: true },
  { nonScalingStroke: true, style: { marginInlineStart: 4 }, 'data-testid': 'icon' } as LucideIconProps,
  { children: createElement('title', null, 'Stars') },
];

describe("the shop's drawing of lucide's icons", () => {
  it('draws every icon as lucide-react draws it, whatever the props', () => {
    for (const { original, data } of icons)
      for (const props of propSets) {
        const theirs = renderToStaticMarkup(createElement(original, props));
        const ours = renderToStaticMarkup(createElement(LucideIcon, { icon: data, ...props }));
        expect(ours, `${data.name} ${JSON.stringify(props)}`).toBe(theirs);
      }
  });

  it('draws the same inside a LucideProvider, and the same again on a second draw (what it keeps per icon is not changed by one)', () => {
    const inProvider = (icon: ReturnType<typeof createElement>) =>
      renderToStaticMarkup(
        <LucideProvider size={20} strokeWidth={1} className="icon">
          {icon}
        </LucideProvider>,
      );
    expect(inProvider(createElement(LucideIcon, { icon: dataOf(cartModule), className: 'x' }))).toBe(
      inProvider(createElement(ShoppingCart, { className: 'x' })),
    );
    const first = renderToStaticMarkup(createElement(LucideIcon, { icon: dataOf(starModule), nonScalingStroke: true }));
    renderToStaticMarkup(createElement(LucideIcon, { icon: dataOf(starModule) }));
    expect(renderToStaticMarkup(createElement(LucideIcon, { icon: dataOf(starModule), nonScalingStroke: true }))).toBe(first);
    expect(renderToStaticMarkup(createElement(LucideIcon, { icon: dataOf(starModule) }))).not.toContain('vector-effect');
  });
});
