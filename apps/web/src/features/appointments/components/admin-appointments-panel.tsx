import { ADMIN_APPOINTMENT_TABS, type AdminAppointmentTab } from '@wattwise/shared/contract/appointments';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useStaffAppointments } from '../api/appointments.ts';

const TAB_LABELS: Record<AdminAppointmentTab, string> = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' };

const dayLabel = (day: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** The admin area's Appointments tab: every customer's consultations with their contact, in the business time zone. */
export function AdminAppointmentsPanel() {
  const [tab, setTab] = useState<AdminAppointmentTab>('upcoming');
  const list = useStaffAppointments(tab);
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Which appointments" className="flex flex-wrap gap-2">
        {ADMIN_APPOINTMENT_TABS.map((t) => (
          <Button key={t} type="button" size="sm" variant={t === tab ? 'default' : 'outline'} aria-pressed={t === tab} onClick={() => setTab(t)}>
            {TAB_LABELS[t]}
          </Button>
        ))}
      </div>
      {list.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{list.error.message}</AlertDescription>
        </Alert>
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : list.data.appointments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {TAB_LABELS[tab].toLowerCase()} appointments.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={`${TAB_LABELS[tab]} appointments`}>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Time ({list.data.timeZone})</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Account</TableHead>
                {tab === 'cancelled' && <TableHead>Cancelled</TableHead>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.appointments.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{dayLabel(a.date)}</TableCell>
                  <TableCell>{a.time}</TableCell>
                  <TableCell>{a.customer_name}</TableCell>
                  <TableCell>
                    <a className="text-accent underline" href={`mailto:${a.customer_email}`}>
                      {a.customer_email}
                    </a>
                  </TableCell>
                  <TableCell>{a.account_email ?? 'Account deleted'}</TableCell>
                  {tab === 'cancelled' && <TableCell>{a.cancelled_at ? new Date(a.cancelled_at).toLocaleString('en-US') : ''}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
