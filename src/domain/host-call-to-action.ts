// Where the "host" entry of the landing page and footer leads, by who is looking.

export interface HostCallToAction {
  label: string;
  href: string;
}

/**
 * Visitors: Become a Host opens Sign Up with Host chosen; signed-in guests: host onboarding (docs/product.md §2);
 * hosts are already hosts, so they are offered a new listing instead.
 */
export function hostCallToAction(isSignedIn: boolean, role: 'guest' | 'host' | null): HostCallToAction {
  if (!isSignedIn) return { label: 'Become a Host', href: '/auth?mode=signup&role=host' };
  if (role === 'host') return { label: 'List a Villa', href: '/property/new' };
  return { label: 'Become a Host', href: '/host-onboarding' };
}
