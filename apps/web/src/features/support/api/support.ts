import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReplyInput, ContactFormInput, ContactMessage, CreateTicketInput, Ticket, TicketDetail, TicketTab } from '@wattwise/shared/contract/support';
import { apiRequest } from '@/lib/api-client.ts';

export const ticketKeys = {
  all: ['support-tickets'] as const,
  list: (tab: TicketTab) => [...ticketKeys.all, 'list', tab] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
  staffList: () => [...ticketKeys.all, 'staff'] as const,
  staffDetail: (id: string) => [...ticketKeys.all, 'staff', id] as const,
};

export function useSendContactForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, captcha }: { input: ContactFormInput; captcha?: string }) =>
      apiRequest<{ received: true; ticket: Ticket | null }>('/api/contact', { method: 'POST', body: input, headers: captcha ? { 'x-captcha-response': captcha } : undefined }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useTickets(tab: TicketTab, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.list(tab),
    queryFn: async () => (await apiRequest<{ tickets: Ticket[] }>(`/api/support/tickets?tab=${tab}`)).tickets,
    enabled,
  });
}

export function useTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.detail(id ?? ''),
    queryFn: () => apiRequest<TicketDetail>(`/api/support/tickets/${id ?? ''}`),
    enabled: id !== null,
  });
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => apiRequest<Ticket>('/api/support/tickets', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useAddTicketMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<TicketDetail>(`/api/support/tickets/${id}/messages`, { method: 'POST', body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useStaffTickets() {
  return useQuery({ queryKey: ticketKeys.staffList(), queryFn: async () => (await apiRequest<{ tickets: Ticket[] }>('/api/admin/tickets')).tickets, retry: false });
}

export function useStaffTicket(id: string | null) {
  return useQuery({
    queryKey: ticketKeys.staffDetail(id ?? ''),
    queryFn: () => apiRequest<TicketDetail>(`/api/admin/tickets/${id ?? ''}`),
    enabled: id !== null,
  });
}

export function useStaffReply(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminReplyInput) => apiRequest<TicketDetail>(`/api/admin/tickets/${id}/replies`, { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Admin: pushes and pulls one ticket with the helpdesk now. */
export function useSyncTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TicketDetail>(`/api/admin/tickets/${id}/sync`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export const inboxKeys = { all: ['contact-inbox'] as const };

/** Admin: the Inbox of contact messages. */
export function useContactInbox() {
  return useQuery({ queryKey: inboxKeys.all, queryFn: async () => (await apiRequest<{ messages: ContactMessage[] }>('/api/admin/contact-messages')).messages, retry: false });
}

export function useReplyToContact(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<ContactMessage>(`/api/admin/contact-messages/${id}/reply`, { method: 'POST', body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

export function useContactToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Ticket>(`/api/admin/contact-messages/${id}/ticket`, { method: 'POST' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: inboxKeys.all }), client.invalidateQueries({ queryKey: ticketKeys.all })]),
  });
}
