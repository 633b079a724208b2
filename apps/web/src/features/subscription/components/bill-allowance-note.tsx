import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getPlan } from '@wattwise/shared/plans';
import { fetchBillAllowance, subscriptionKeys } from '../api/subscription.ts';

/** The month's bills on the user's plan, on the upload page (01-core §6): what is used and what is left. */
export function BillAllowanceNote() {
  const { data } = useQuery({ queryKey: subscriptionKeys.allowance(), queryFn: fetchBillAllowance, staleTime: 0 });
  if (!data) return null;
  const planName = getPlan(data.plan).name;
  const text =
    data.limit === null
      ? `${planName} plan: unlimited bills. ${data.used} uploaded this month.`
      : `${planName} plan: ${data.used} of ${data.limit} ${data.limit === 1 ? 'bill' : 'bills'} used this month.`;
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground" data-testid="bill-allowance">
      <span>{text}</span>
      {data.limit !== null && !data.canUpload ? (
        <Link to="/pricing" className="font-medium text-accent underline underline-offset-4">
          Upgrade
        </Link>
      ) : null}
    </p>
  );
}
