import type { IntegrationCheck } from '@wattwise/shared/contract/platform-status';
import { Badge } from '@/components/ui/badge.tsx';

const VARIANT = { success: 'success', warning: 'warning', error: 'destructive' } as const;

/** One row per check: status badge, name, embedded or configured, message, expandable details. */
export function CheckList({ checks }: { checks: readonly IntegrationCheck[] }) {
  return (
    <ul className="divide-y" aria-label="Integration checks">
      {checks.map((c) => (
        <li key={c.name} className="grid gap-1 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={VARIANT[c.status]}>{c.status}</Badge>
            <span className="font-medium">{c.label}</span>
            <span className="text-xs text-muted-foreground">
              {c.provider} · {c.mode} · {c.ms} ms
            </span>
          </div>
          <p className="text-sm text-muted-foreground">{c.message}</p>
          {Object.keys(c.details).length > 0 && (
            <details className="text-xs">
              <summary className="cursor-pointer text-muted-foreground">Details</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-muted p-2">{JSON.stringify(c.details, null, 2)}</pre>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
