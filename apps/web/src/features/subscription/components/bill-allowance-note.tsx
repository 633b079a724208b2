import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getPlan } from '@wattwise/shared/plans';
import { fetchBillAllowance, subscriptionKeys } from '../api/subscription.ts';

/**
 * The note's height, kept while it loads: two lines of small text on a phone (where the count and
 * the Upgrade link wrap), one line from the `sm` width up.
 */
const LINE = 'min-h-10 text-sm sm:min-h-5';

/**
 * The month's bills on the user's plan, on the upload page (01-core §6): what is used and what is
 * left. Its line is there while the figures load, so the upload controls below do not move under
 * a pointer about to click them when the figures arrive.
 */
export function BillAllowanceNote() {
  const { data } = useQuery({ queryKey: subscriptionKeys.allowance(), queryFn: fetchBillAllowance, staleTime: 0 });
  if (!data) return <p className={LINE} aria-hidden="true" data-testid="bill-allowance-pending" />;
  const planName = getPlan(data.plan).name;
  const text =
    data.limit === null
      ? `${planName} plan: unlimited bills. ${data.used} uploaded this month.`
      : `${planName} plan: ${data.used} of ${data.limit} ${data.limit === 1 ? 'bill' : 'bills'} used this month.`;
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-muted-foreground ${LINE}`} data-testid="bill-allowance">
      <span>{text}</span>
      {data.limit !== null && !data.canUpload ? (
        <Link to="/pricing" className="font-medium text-accent underline underline-offset-4">
          Upgrade
        </Link>
      ) : null}
    </p>
  );
}
