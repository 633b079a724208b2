import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';

/** 02-tools §2.19: shown for unknown paths and for routes whose screen is not built yet. */
export function NotFoundRoute() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold tracking-tight text-brand tabular-nums">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or is not available yet.</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
