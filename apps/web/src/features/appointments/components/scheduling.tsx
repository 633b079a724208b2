import { zodResolver } from '@hookform/resolvers/zod';
import { APPOINTMENT_MESSAGES, type Appointment, bookAppointmentSchema } from '@wattwise/shared/contract/appointments';
import { CalendarIcon, Loader2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useAppointments, useAvailability, useBookAppointment, useCancelAppointment } from '../api/appointments.ts';

type FormValues = z.input<typeof bookAppointmentSchema>;
const EMPTY: FormValues = { date: '', time: '', customer_name: '', customer_email: '' };

const dayLabel = (day: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const timeLabel = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

function AppointmentList({ appointments, loading }: { appointments: Appointment[]; loading: boolean }) {
  const cancel = useCancelAppointment();
  if (loading) return <Skeleton className="h-32 w-full" />;
  if (appointments.length === 0) return <p className="text-sm text-muted-foreground">No upcoming appointments.</p>;
  return (
    <ul className="grid gap-2" aria-label="Your appointments">
      {appointments.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
          <span className="flex items-center gap-2">
            <CalendarIcon className="size-4 text-primary" aria-hidden />
            <span>
              <span className="block font-medium">
                {dayLabel(a.date)} at {timeLabel(a.time)}
              </span>
              <span className="block text-sm text-muted-foreground">{a.customer_name}</span>
            </span>
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(a.id, { onSuccess: () => toast.success(APPOINTMENT_MESSAGES.cancelled), onError: (e) => toast.error(e.message) })}
          >
            Cancel
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The booking form and 'Your Appointments' (02-tools §2.12, §4) for a signed-in user. */
export function Scheduling({ defaults }: { defaults: { name: string; email: string } }) {
  const availability = useAvailability(true);
  const appointments = useAppointments(true);
  const book = useBookAppointment();
  const form = useForm<FormValues>({ resolver: zodResolver(bookAppointmentSchema), defaultValues: { ...EMPTY, customer_name: defaults.name, customer_email: defaults.email } });
  const { errors } = form.formState;
  const date = useWatch({ control: form.control, name: 'date' });

  useEffect(() => {
    if (appointments.isError || availability.isError) toast.error(APPOINTMENT_MESSAGES.loadFailed);
  }, [appointments.isError, availability.isError]);

  const taken = new Set(availability.data?.taken ?? []);
  const dateOptions = (availability.data?.dates ?? []).map((d) => ({ value: d, label: dayLabel(d) }));
  const timeOptions = (availability.data?.times ?? []).map((t) => {
    const isTaken = taken.has(`${date} ${t}`);
    return { value: t, label: isTaken ? `${timeLabel(t)} (unavailable)` : timeLabel(t), disabled: isTaken };
  });
  const busy = book.isPending || availability.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await book.mutateAsync(bookAppointmentSchema.parse(values));
      toast.success(APPOINTMENT_MESSAGES.successTitle, { description: APPOINTMENT_MESSAGES.scheduled });
      form.reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
        toast.error(APPOINTMENT_MESSAGES.slotTakenTitle, { description: APPOINTMENT_MESSAGES.slotTaken });
        form.setValue('time', '');
      } else toast.error(APPOINTMENT_MESSAGES.scheduleFailed);
    }
  });

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Book a consultation</CardTitle>
          <p className="text-sm text-muted-foreground">30-minute calls{availability.data ? `, times in ${availability.data.timeZone.replace('_', ' ')}` : ''}.</p>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="date"
                render={({ field }) => (
                  <SelectField id="appt-date" label="Date" placeholder="Select a date" value={field.value || undefined} options={dateOptions} disabled={busy} error={errors.date?.message} onValueChange={(v) => { field.onChange(v); form.setValue('time', ''); }} />
                )}
              />
              <Controller
                control={form.control}
                name="time"
                render={({ field }) => (
                  <SelectField id="appt-time" label="Time" placeholder="Select a time" value={field.value || undefined} options={timeOptions} disabled={busy || !date} error={errors.time?.message} onValueChange={field.onChange} />
                )}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="appt-name">Name</Label>
              <Input id="appt-name" autoComplete="name" aria-invalid={errors.customer_name ? true : undefined} aria-describedby={errors.customer_name ? 'appt-name-error' : undefined} {...form.register('customer_name')} />
              {errors.customer_name && <p id="appt-name-error" role="alert" className="text-sm text-destructive">{errors.customer_name.message}</p>}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="appt-email">Email</Label>
              <Input id="appt-email" type="email" autoComplete="email" aria-invalid={errors.customer_email ? true : undefined} aria-describedby={errors.customer_email ? 'appt-email-error' : undefined} {...form.register('customer_email')} />
              {errors.customer_email && <p id="appt-email-error" role="alert" className="text-sm text-destructive">{errors.customer_email.message}</p>}
            </div>
            <Button type="submit" disabled={busy} className="w-full sm:w-fit">
              {book.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Schedule Appointment
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Your Appointments</CardTitle>
        </CardHeader>
        <CardContent>
          <AppointmentList appointments={appointments.data ?? []} loading={appointments.isPending} />
        </CardContent>
      </Card>
    </div>
  );
}
