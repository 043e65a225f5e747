/**
 * lucide-react's `Icon`, drawn to the same markup at a fraction of the cost (decision 051). The
 * build puts it in place of lucide-react's own (vite.config.ts, `lightLucideIcon`): every icon of
 * the library, imported as usual from 'lucide-react', draws through this one.
 *
 * lucide-react 1.x builds each icon on every render: the default attributes through
 * `Object.entries`, the class names through splits and sets, and each path anew. A product page
 * draws about twenty icons: that was 0.4 ms of its server render and 120 KB of garbage, and the
 * same again on a phone that hydrates it. Here what an icon's data alone decides (its classes, its
 * view box, its paths as React elements, which React may reuse) is made once per icon.
 * `lucide-icon.test.tsx` renders both with the props the shop uses and compares the markup.
 */
import { createElement, forwardRef, type ReactElement, type ReactNode, type SVGProps } from 'react';
import { useLucideContext } from 'lucide-react';

type IconNode = ReadonlyArray<readonly [tag: string, attrs: Record<string, string | number>]>;

/** What lucide-react's `createLucideIcon` gives its `Icon` of one icon. */
export interface LucideIconData {
  name?: string;
  node: IconNode;
  aliases?: ReadonlyArray<string | unknown>;
  size?: number;
  width?: number;
  height?: number;
}

export interface LucideIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  iconNode?: IconNode;
  icon?: LucideIconData;
  children?: ReactNode;
}

/** What an icon's data alone decides, made on its first draw. */
interface Drawn {
  /** `lucide lucide-<name>` and its aliases' classes. */
  className: string;
  viewBox: string;
  paths: ReactElement[];
}
const drawnIcons = new WeakMap<LucideIconData | IconNode, Drawn>();

const pathsOf = (node: IconNode, nonScaling: boolean): ReactElement[] =>
  node.map(([tag, attrs]) => createElement(tag, nonScaling ? { vectorEffect: 'non-scaling-stroke', ...attrs } : attrs));

function drawnOf(icon: LucideIconData): Drawn {
  let drawn = drawnIcons.get(icon);
  if (!drawn) {
    const aliases = (icon.aliases ?? []).filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '');
    drawn = {
      className: mergeClasses('lucide', ...(icon.name ? [`lucide-${icon.name}`] : []), ...aliases.map((alias) => `lucide-${alias}`)),
      viewBox: `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`,
      paths: pathsOf(icon.node, false),
    };
    drawnIcons.set(icon, drawn);
  }
  return drawn;
}

/** lucide's `mergeClasses`: the words of every class name, each once, in order. */
function mergeClasses(...names: Array<string | undefined>): string {
  const words = new Set<string>();
  for (const name of names) if (name) for (const word of name.split(/\s+/)) if (word) words.add(word);
  return [...words].join(' ');
}

/** lucide's `hasA11yProp`: an aria-* attribute, a role or a title makes the icon speak. */
function speaks(props: Record<string, unknown>): boolean {
  for (const key in props) if ((key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null) return true;
  return false;
}

const LucideIcon = forwardRef<SVGSVGElement, LucideIconProps>(
  ({ color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = '', children, iconNode = [], icon, ...rest }, ref) => {
    const context = useLucideContext() ?? {};
    const data = icon ?? { node: iconNode, aliases: [], size: 24 };
    const drawn = drawnOf(data);
    const absolute = absoluteStrokeWidth ?? context.absoluteStrokeWidth ?? false;
    const givenStroke = strokeWidth ?? context.strokeWidth ?? 2;
    const shownWidth = width ?? size ?? context.size ?? 24;
    const shownHeight = height ?? size ?? context.size ?? 24;
    const extra = mergeClasses(context.className, className);
    // The attributes in lucide's order: React writes them so, and the server's markup matches.
    const props: Record<string, unknown> = {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: shownWidth,
      height: shownHeight,
      viewBox: drawn.viewBox,
      fill: 'none',
      stroke: color ?? context.color ?? 'currentColor',
      strokeWidth: absolute ? (Number(givenStroke) * Number(data.size ?? data.width ?? 24)) / Number(shownWidth) : givenStroke,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: extra ? mergeClasses(drawn.className, extra) : drawn.className,
    };
    if (!children && !speaks(rest)) props['aria-hidden'] = 'true';
    Object.assign(props, rest);
    const paths = (nonScalingStroke ?? context.nonScalingStroke) ? pathsOf(data.node, true) : drawn.paths;
    return createElement('svg', props, [...paths, ...(Array.isArray(children) ? children : [children])]);
  },
);

export default LucideIcon;
