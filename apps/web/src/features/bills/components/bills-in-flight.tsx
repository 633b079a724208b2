import { Link } from 'react-router';
import { Progress } from '@/components/ui/progress.tsx';
import { useBillsInFlight } from '../api/bills-in-flight.ts';
import { billsInFlight } from '../lib/in-flight.ts';

/** Bills uploaded earlier and still being read (e.g. after a reload mid-upload), with their progress. */
export function BillsInFlight({ enabled, followingId }: { enabled: boolean; followingId: string | null }) {
  const bills = billsInFlight(useBillsInFlight({ enabled }).data, followingId);
  if (!bills.length) return null;
  return (
    <section aria-labelledby="in-flight-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="in-flight-title" className="text-sm font-semibold">
        Still being read
      </h2>
      <ul className="grid gap-3">
        {bills.map((bill) => (
          <li key={bill.id} className="grid gap-1">
            <div className="flex items-center justify-between gap-2 text-sm">
              <Link to={`/dashboard/bills/${encodeURIComponent(bill.id)}`} className="min-w-0 truncate text-accent hover:underline">
                {bill.fileName}
              </Link>
              <span className="shrink-0 text-muted-foreground tabular-nums">{bill.status === 'queued' ? 'Waiting…' : `Reading… ${bill.progress}%`}</span>
            </div>
            <Progress value={bill.progress} aria-label={`Progress of ${bill.fileName}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
