import { Loader2Icon } from 'lucide-react';

export function PageSpinner({ label = 'Loading application' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground">
      <Loader2Icon className="size-5 animate-spin" aria-hidden />
      <span>{label}…</span>
    </div>
  );
}
