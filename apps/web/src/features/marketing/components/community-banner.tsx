import { LeafIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COMMUNITY_MESSAGES } from '../demo-data.ts';
import { BANNER_ROTATION_MS, nextIndex } from '../lib/rotation.ts';

/** The rotating community banner (01-core §2, §9): five messages, 6.5 s each. */
export function CommunityBanner() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setIndex((i) => nextIndex(i, COMMUNITY_MESSAGES.length)), BANNER_ROTATION_MS);
    return () => window.clearInterval(id);
  }, []);
  return (
    <aside aria-label="Community" className="border-b bg-primary/5">
      <p className="mx-auto flex min-h-11 max-w-[1200px] items-center justify-center gap-2 px-4 py-2 text-center text-sm sm:px-6">
        <LeafIcon className="size-4 shrink-0 text-brand" aria-hidden />
        <span key={index} className="animate-in">
          {COMMUNITY_MESSAGES[index]}
        </span>
      </p>
    </aside>
  );
}
