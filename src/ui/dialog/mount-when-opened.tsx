import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders a lazily loaded dialog only once it has been opened, so its code (react-aria's modal, focus
 * scope, form fields) is requested on the first open instead of with the page. It stays mounted after
 * that, so closing animates and restores focus as usual.
 */
export function MountWhenOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  return wasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
