import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';

const loadSheet = () => import('./mobile-nav-sheet.tsx');
const MobileNavSheet = lazy(async () => ({ default: (await loadSheet()).MobileNavSheet }));

/** The menu button under 768 px; the side sheet's code loads on its first press. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5" aria-hidden />
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} setOpen={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
