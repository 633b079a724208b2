import { EyeIcon, Loader2Icon, RotateCcwIcon, SparklesIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useDeleteBill, useRetryBill } from '../api/bills.ts';
import { billDate, providerName } from '@/lib/bill-labels.ts';
import { billRowText, billViewStatus, sortBillsByPeriod } from '../lib/bill-view.ts';
import { formatDate } from '@/lib/format.ts';
import { BILL_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { BillSummary } from '@wattwise/shared/contract/bills';
import { BillStatusBadge } from './bill-status-badge.tsx';

interface BillsTableProps {
  bills: BillSummary[];
  caption: string;
  /** Hide row actions other than View (the Recent Bills table). */
  compact?: boolean;
  /** The Analyze action of a bill read but not analysed; without it the button is not shown. */
  analyze?: BillAnalyzeAction;
}

/** What the screen does when a bill's Analyze button is pressed (the analysis feature's action). */
export interface BillAnalyzeAction {
  run: (billId: string) => void;
  isPending: boolean;
  billId: string | undefined;
}

function BillActions({ bill, compact, analyze, onDelete }: { bill: BillSummary; compact: boolean; analyze?: BillAnalyzeAction; onDelete: (bill: BillSummary) => void }) {
  const retry = useRetryBill();
  const status = billViewStatus(bill);
  const isAnalyzing = analyze?.billId === bill.id;
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" asChild>
        <Link to={`/dashboard/bills/${encodeURIComponent(bill.id)}`}>
          <EyeIcon aria-hidden />
          View
        </Link>
      </Button>
      {!compact && analyze && status === 'pending' && (
        <Button variant="ghost" size="sm" disabled={analyze.isPending} onClick={() => analyze.run(bill.id)}>
          {isAnalyzing ? <Loader2Icon className="animate-spin" aria-hidden /> : <SparklesIcon aria-hidden />}
          Analyze
        </Button>
      )}
      {!compact && status === 'failed' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(bill.id, {
              onError: (error) => toast.error('Retry failed', { description: error.message }),
            })
          }
        >
          <RotateCcwIcon aria-hidden />
          Retry
        </Button>
      )}
      {!compact && (
        <Button variant="ghost" size="sm" className="text-[color-mix(in_oklab,var(--destructive)_80%,black)] dark:text-destructive" onClick={() => onDelete(bill)}>
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      )}
    </div>
  );
}

/** On phones each bill is a card (nothing scrolls sideways); from 768 px a table. */
function BillCards({ bills, compact, analyze, onDelete }: { bills: BillSummary[]; compact: boolean; analyze?: BillAnalyzeAction; onDelete: (bill: BillSummary) => void }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Bills">
      {bills.map((bill) => {
        const text = billRowText(bill);
        return (
          <li key={bill.id} className="grid gap-2 rounded-lg border bg-card p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{text.provider}</p>
                <p className="text-sm text-muted-foreground">
                  {text.date} · {BILL_TYPE_LABELS[bill.billType]} · {PROPERTY_TYPE_LABELS[bill.propertyType]}
                </p>
              </div>
              <p className={text.amountMissing ? 'text-muted-foreground' : 'font-semibold tabular-nums'}>{text.amount}</p>
            </div>
            <div className="flex flex-wrap items-center gap-1">
              <BillStatusBadge status={billViewStatus(bill)} />
              {bill.analyzed && bill.hasAnomalies && <Badge variant="destructive">Unusual</Badge>}
            </div>
            <BillActions bill={bill} compact={compact} analyze={analyze} onDelete={onDelete} />
          </li>
        );
      })}
    </ul>
  );
}

export function BillsTable({ bills, caption, compact = false, analyze }: BillsTableProps) {
  const remove = useDeleteBill();
  const [toDelete, setToDelete] = useState<BillSummary | null>(null);
  const sorted = sortBillsByPeriod(bills);

  return (
    <>
      <BillCards bills={sorted} compact={compact} analyze={analyze} onDelete={setToDelete} />
      <Table className="hidden md:table">
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Date</TableHead>
            <TableHead scope="col">Provider</TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
            <TableHead scope="col">Type</TableHead>
            <TableHead scope="col">Property Type</TableHead>
            <TableHead scope="col">Status</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sorted.map((bill) => {
            const status = billViewStatus(bill);
            const text = billRowText(bill);
            return (
              <TableRow key={bill.id}>
                <TableCell>{text.date}</TableCell>
                <TableCell className="max-w-56 truncate">{text.provider}</TableCell>
                <TableCell className={text.amountMissing ? 'text-right text-muted-foreground' : 'text-right tabular-nums'}>{text.amount}</TableCell>
                <TableCell>{BILL_TYPE_LABELS[bill.billType]}</TableCell>
                <TableCell>{PROPERTY_TYPE_LABELS[bill.propertyType]}</TableCell>
                <TableCell>
                  <div className="flex gap-1">
                    <BillStatusBadge status={status} />
                    {bill.analyzed && bill.hasAnomalies && <Badge variant="destructive">Unusual</Badge>}
                  </div>
                </TableCell>
                <TableCell>
                  <BillActions bill={bill} compact={compact} analyze={analyze} onDelete={setToDelete} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this bill?</AlertDialogTitle>
            <AlertDialogDescription>
              {toDelete
                ? `The ${providerName(toDelete.utilityProvider)} bill from ${formatDate(billDate(toDelete))}, its file, analysis and recommendations will be removed. This cannot be undone.`
                : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                if (!toDelete) return;
                remove.mutate(toDelete.id, {
                  onSuccess: () => toast.success('Bill deleted'),
                  onError: (error) => toast.error('Failed to delete bill', { description: error.message }),
                });
              }}
            >
              Delete bill
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
