import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives every ShopLink below it the router's navigate: one useNavigate for the whole layout. */
export function ShopLinkProvider({ children }: { children: ReactNode }) {
  return <NavigateContext value={useNavigate()}>{children}</NavigateContext>;
}

/**
 * A link to a page of the shop by its absolute path (`/cart`, `/shop-grid-standard?tag=oud`), for
 * the links every page repeats (header, footer, breadcrumbs, product cards). React Router's Link
 * resolves its path against the route matches on every render; dozens of those per page were a
 * measurable part of a server render (decision 020). This one renders a plain anchor and, on a
 * plain left click, navigates in the app like Link; anything else (new tab, modifier keys) is the
 * browser's. Relative paths, `state` or `replace` need React Router's Link.
 */
export function ShopLink({ to, onClick, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const navigate = useContext(NavigateContext);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!navigate || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    void navigate(to);
  };
  return (
    <a {...rest} href={to} onClick={click}>
      {children}
    </a>
  );
}
