import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Chrome the first screen does not need (toasts, the update prompt, sync notices, the notifications offer): its code is fetched once
 * the main thread is idle and it renders when it arrives, nothing before. A fetch that fails (the signal
 * dropped before the service worker held the chunk) leaves the app running without it, unlike a failed
 * `lazy` import, which would unmount the whole app; it is tried again when the browser is back online.
 * `load` must be stable (a module-level function); `props` are passed to the component once it is in.
 */
export function LoadWhenIdle<P extends object = Record<string, never>>({ load, props }: { load: () => Promise<ComponentType<P>>; props?: P }) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let isActive = true;
    const attempt = () => {
      void whenIdle()
        .then(load)
        .then((component) => {
          if (isActive) setLoaded(() => component);
        })
        .catch(() => {
          if (isActive) window.addEventListener('online', attempt, { once: true });
        });
    };
    attempt();
    return () => {
      isActive = false;
      window.removeEventListener('online', attempt);
    };
  }, [load]);
  return Loaded ? <Loaded {...(props ?? ({} as P))} /> : null;
}
