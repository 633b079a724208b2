import { SUPPORT_MESSAGES, TICKET_TABS, type Ticket, type TicketTab } from '@wattwise/shared/contract/support';
import { InboxIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useTickets } from '../api/support.ts';
import { CreateTicketDialog } from './create-ticket-dialog.tsx';
import { TicketDetailDialog } from './ticket-detail-dialog.tsx';
import { formatWhen, PRIORITY_VARIANT, STATUS_LABELS, STATUS_VARIANT } from './ticket-labels.ts';

const TAB_LABELS: Record<TicketTab, string> = { all: 'All Tickets', open: 'Open', pending: 'Pending', closed: 'Closed' };

function TicketCard({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="grid w-full gap-2 rounded-xl border bg-card p-4 text-left hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium">{ticket.subject}</span>
          <span className="flex gap-1.5">
            <Badge variant={PRIORITY_VARIANT[ticket.priority]}>{ticket.priority}</Badge>
            <Badge variant={STATUS_VARIANT[ticket.status]}>{STATUS_LABELS[ticket.status]}</Badge>
          </span>
        </span>
        <span className="line-clamp-2 text-sm text-muted-foreground">{ticket.description}</span>
        <span className="text-xs text-muted-foreground">
          #{ticket.id.slice(0, 8)} · Updated {formatWhen(ticket.updated_at)}
        </span>
      </button>
    </li>
  );
}

function TicketList({ tab, onOpen }: { tab: TicketTab; onOpen: (id: string) => void }) {
  const tickets = useTickets(tab, true);
  useEffect(() => {
    if (tickets.isError) toast.error(SUPPORT_MESSAGES.fetchTicketsFailed);
  }, [tickets.isError]);
  if (tickets.isPending) return <Skeleton className="h-40 w-full" />;
  const list = tickets.data ?? [];
  if (list.length === 0) {
    return (
      <Card className="text-center">
        <CardContent className="grid justify-items-center gap-2 py-10">
          <InboxIcon className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="text-lg font-semibold">{tab === 'all' ? SUPPORT_MESSAGES.noTicketsTitle : SUPPORT_MESSAGES.noTabTickets(tab)}</h2>
          {tab === 'all' && <p className="text-sm text-muted-foreground">{SUPPORT_MESSAGES.noTickets}</p>}
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3" aria-label={`${TAB_LABELS[tab]} tickets`}>
      {list.map((t) => (
        <TicketCard key={t.id} ticket={t} onOpen={() => onOpen(t.id)} />
      ))}
    </ul>
  );
}

/** The Support Center for a signed-in user (01-core §2, §4): tabs, ticket cards, create and detail dialogs. */
export function SupportCenter() {
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const openId = params.get('ticket');
  const setOpen = (id: string | null) => setParams(id ? { ticket: id } : {});
  return (
    <>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden /> Create Support Ticket
        </Button>
      </div>
      <Tabs defaultValue="all" className="mt-4">
        <TabsList>
          {TICKET_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TICKET_TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <TicketList tab={tab} onOpen={setOpen} />
          </TabsContent>
        ))}
      </Tabs>
      <CreateTicketDialog open={creating} onClose={() => setCreating(false)} />
      <TicketDetailDialog ticketId={openId} onClose={() => setOpen(null)} />
    </>
  );
}
