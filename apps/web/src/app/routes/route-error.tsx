import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';

/** Error element of every route (02-tools §2.19): a generic message and a way home. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">This page ran into a problem. You can go home or reload the page.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          {/* A full load: the error may have left client state broken. */}
          <a href="/">Go to Home</a>
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </section>
  );
}

/** Last resort when the layout itself fails: no header, plain page. */
export function RootError() {
  return (
    <main className="min-h-dvh">
      <RouteError />
    </main>
  );
}
