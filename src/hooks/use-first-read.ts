import { useEffect, useState } from 'react';
import { firstRead, type FirstReadRows } from '../remote/first-read.ts';

/**
 * This page load's first read of `url` (remote/first-read.ts) once it has arrived: what a public page
 * renders from until its mirror has the rows. null before (so the first render matches the prerendered
 * HTML it hydrates) and when the document started no read of this URL; undefined when the read failed.
 */
export function useFirstRead(url: string): FirstReadRows | null {
  const [arrived, setArrived] = useState<{ url: string; rows: FirstReadRows } | null>(null);
  useEffect(() => {
    const read = firstRead(url, { take: false });
    if (!read) return;
    let isCurrent = true;
    void read.then((rows) => {
      if (isCurrent) setArrived({ url, rows });
    });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return arrived?.url === url ? arrived.rows : null;
}
