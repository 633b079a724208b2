import { BadgeCheckIcon } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useProperties } from '@/features/properties/api/properties.ts';
import { useUpdateUtilityAccount, useUtilityAccounts } from '../api/utility-accounts.ts';
import { providerName } from '@/lib/bill-labels.ts';
import type { BillDetail } from '@wattwise/shared/contract/bills';

/**
 * The utility account the bill was filed under (provider + account number, matched or
 * created from what was read). History, analysis and duplicates work per account, so the
 * user confirms it or moves it to the right property.
 */
export function AccountSection({ bill }: { bill: BillDetail }) {
  const accounts = useUtilityAccounts(undefined, { enabled: bill.accountId !== null });
  const properties = useProperties({ enabled: bill.accountId !== null });
  const update = useUpdateUtilityAccount();
  const propertyFieldId = useId();
  const account = accounts.data?.find((item) => item.id === bill.accountId);
  if (!bill.accountId || !account) return null;

  const save = (patch: { confirmed?: boolean; propertyId?: string }, done: string) =>
    update.mutate(
      { id: account.id, ...patch },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error('Failed to update the account', { description: error.message }),
      },
    );

  return (
    <section aria-labelledby="account-title" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="account-title" className="font-semibold">
          Utility account
        </h3>
        {account.confirmed ? (
          <Badge variant="success">
            <BadgeCheckIcon aria-hidden />
            Confirmed
          </Badge>
        ) : (
          <Badge variant="warning">Not confirmed</Badge>
        )}
      </div>
      <p className="text-sm">
        {providerName(account.provider)} · account {account.accountNumber} ·{' '}
        <span className="text-muted-foreground">
          {account.billCount} {account.billCount === 1 ? 'bill' : 'bills'}
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          className="min-w-48 flex-1 gap-1.5"
          id={propertyFieldId}
          label="Property of this account"
          value={account.propertyId}
          disabled={update.isPending}
          options={(properties.data ?? []).map((property) => ({ value: property.id, label: property.name }))}
          onValueChange={(propertyId) => save({ propertyId }, 'Account moved')}
        />
        {!account.confirmed && (
          <Button variant="outline" disabled={update.isPending} onClick={() => save({ confirmed: true }, 'Account confirmed')}>
            Confirm account
          </Button>
        )}
      </div>
    </section>
  );
}
