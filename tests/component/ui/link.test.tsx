import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Link, LinkButton } from '../../../src/ui/link/link.tsx';
import { LinkNavigationContext } from '../../../src/ui/link/link-navigation.tsx';

function withRouter(navigate: (path: string) => void, children: ReactNode) {
  return <LinkNavigationContext.Provider value={navigate}>{children}</LinkNavigationContext.Provider>;
}

/**
 * Whether a click is left to the browser (its default not prevented by the time it reaches the
 * document, after React's handlers). The default is then prevented here, as jsdom cannot navigate.
 */
function browserHandles(link: HTMLElement, init: MouseEventInit = {}) {
  let leftToBrowser = false;
  const observe = (event: MouseEvent) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', observe);
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  document.removeEventListener('click', observe);
  return leftToBrowser;
}

describe('Link and LinkButton', () => {
  it('are native anchors with their href, reached with Tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Link href="/properties">Explore</Link>
        <LinkButton href="/auth">Sign in</LinkButton>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/properties');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveFocus();
  });

  it('navigate in the app on a plain click or Enter, with path, query and hash', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(withRouter(navigate, (
      <>
        <Link href="/property/p1?tab=rooms#book">Villa</Link>
        <LinkButton href="/dashboard">Dashboard</LinkButton>
      </>
    )));
    await user.click(screen.getByRole('link', { name: 'Villa' }));
    expect(navigate).toHaveBeenLastCalledWith('/property/p1?tab=rooms#book');
    screen.getByRole('link', { name: 'Dashboard' }).focus();
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenLastCalledWith('/dashboard');
  });

  it('leave new tabs, other sites, downloads and modified clicks to the browser', () => {
    const navigate = vi.fn();
    render(withRouter(navigate, (
      <>
        <Link href="/a" target="_blank">New tab</Link>
        <Link href="https://stripe.example/checkout">Elsewhere</Link>
        <Link href="/file.pdf" download>Download</Link>
        <Link href="/b">Plain</Link>
      </>
    )));
    expect(browserHandles(screen.getByRole('link', { name: 'New tab' }))).toBe(true);
    expect(browserHandles(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(browserHandles(screen.getByRole('link', { name: 'Download' }))).toBe(true);
    const plain = screen.getByRole('link', { name: 'Plain' });
    expect(browserHandles(plain, { ctrlKey: true })).toBe(true);
    expect(browserHandles(plain, { metaKey: true })).toBe(true);
    expect(browserHandles(plain, { button: 1 })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(browserHandles(plain)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/b');
  });

  it("lets the caller's onClick cancel the navigation, and without a router leaves every click to the browser", () => {
    const navigate = vi.fn();
    const { unmount } = render(withRouter(navigate, <Link href="/x" onClick={(event) => event.preventDefault()}>Guarded</Link>));
    screen.getByRole('link', { name: 'Guarded' }).click();
    expect(navigate).not.toHaveBeenCalled();
    unmount();
    render(<Link href="/y">No router</Link>);
    expect(browserHandles(screen.getByRole('link', { name: 'No router' }))).toBe(true);
  });
});
