import { Home } from './home';
import { homeVariants, mainHome } from './variants';

/** `/` and `/home-fashion`. */
export default function HomePage() {
  return <Home variant={mainHome} />;
}

/** `/home-<key>`: one of the alternative homes. */
export function HomeVariantPage({ name }: { name: string }) {
  const variant = homeVariants.find((v) => v.key === name) ?? mainHome;
  return <Home key={variant.key} variant={variant} />;
}

export { homeVariants };
export { loadSections } from './later-section';
