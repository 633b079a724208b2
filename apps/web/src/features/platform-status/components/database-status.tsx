import { Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useDatabaseStatus } from '../api/platform-status.ts';

/** /database-status (02-tools §2.15): migration status cards and the performance monitor (admins; the route gates it). */
export function DatabaseStatusView() {
  const status = useDatabaseStatus();
  const data = status.data;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Database Status & Performance</h1>
          <p className="mt-1 text-muted-foreground">{data ? `${data.kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}: migrations, table sizes and query timings.` : 'Migrations, table sizes and query timings.'}</p>
        </div>
        <Button variant="outline" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {status.isFetching ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <RefreshCwIcon aria-hidden />} Refresh
        </Button>
      </div>
      {status.isError ? (
        <div className="mt-6 flex items-center gap-3 text-destructive">
          {status.error.message}
          <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
            Retry
          </Button>
        </div>
      ) : !data ? (
        <Skeleton className="mt-6 h-40" />
      ) : (
        <>
          <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.migrations.map((m) => (
              <Card key={m.tag}>
                <CardContent className="grid gap-1">
                  <p className="font-mono text-sm">{m.tag}</p>
                  <Badge variant={m.applied ? 'success' : 'warning'}>{m.applied ? 'applied' : 'pending'}</Badge>
                </CardContent>
              </Card>
            ))}
          </div>
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Table counts</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1 text-sm">
                  {data.tables.map((t) => (
                    <li key={t.table} className="flex justify-between">
                      <span className="font-mono">{t.table}</span>
                      <span className="tabular-nums">{t.rows.toLocaleString('en-US')}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Query timings</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1 text-sm">
                  {data.queries.map((q) => (
                    <li key={q.name} className="flex justify-between">
                      <span>{q.name}</span>
                      <span className="tabular-nums">{q.ms} ms</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </section>
  );
}
