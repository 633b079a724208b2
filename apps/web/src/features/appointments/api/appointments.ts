import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appointment, Availability, BookAppointmentInput } from '@wattwise/shared/contract/appointments';
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
