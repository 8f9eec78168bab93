import { createContext, useContext, type MouseEvent } from 'react';

/** Client-side navigation for links: the app provides its router's navigate (ui knows no router). */
export const LinkNavigationContext = createContext<((path: string) => void) | null>(null);

/**
 * The click handler of an in-app link: a plain left click on a same-origin link without a target
 * navigates in the app; anything else (new tab, download, another site, modifier keys) is the
 * browser's.
 */
export function useClientNavigation(href: string | undefined, target: string | undefined, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const navigate = useContext(LinkNavigationContext);
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || href === undefined) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if ((target && target !== '_self') || event.currentTarget.hasAttribute('download')) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}
