import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAppointmentList, AdminAppointmentTab, Appointment, Availability, BookAppointmentInput } from '@wattwise/shared/contract/appointments';
import { apiRequest } from '@/lib/api-client.ts';

export const appointmentKeys = {
  all: ['appointments'] as const,
  availability: () => [...appointmentKeys.all, 'availability'] as const,
  list: () => [...appointmentKeys.all, 'list'] as const,
};

export function useAvailability(enabled: boolean) {
  return useQuery({ queryKey: appointmentKeys.availability(), queryFn: () => apiRequest<Availability>('/api/appointments/availability'), enabled });
}

export function useAppointments(enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.list(),
    queryFn: async () => (await apiRequest<{ appointments: Appointment[] }>('/api/appointments')).appointments,
    enabled,
  });
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookAppointmentInput) => apiRequest<Appointment>('/api/appointments', { method: 'POST', body: input }),
    // A lost race changes availability too.
    onSettled: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/appointments/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** Admin: every customer's bookings on one tab (upcoming, past, cancelled). */
export function useStaffAppointments(tab: AdminAppointmentTab) {
  return useQuery({ queryKey: [...appointmentKeys.all, 'staff', tab] as const, queryFn: () => apiRequest<AdminAppointmentList>(`/api/admin/appointments?tab=${tab}`), retry: false });
}
