import { ArrowLeftIcon, Loader2Icon, MessageSquareIcon, RotateCcwIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useAnalyzeBillAction } from '@/features/analysis/hooks/use-analyze-bill-action.ts';
import { useBill, useRetryBill } from '@/features/bills/api/bills.ts';
import { useBillRecommendations } from '@/features/analysis/api/recommendations.ts';
import { analysisRunning, analyzeAction, billLoadError, billViewStatus, isBillId } from '@/features/bills/lib/bill-view.ts';
import { billDate, providerName } from '@/lib/bill-labels.ts';
import { formatAmountDue, formatDate, formatMoney, formatUnitPrice, formatUsage, MISSING_VALUE } from '@/lib/format.ts';
import { BILL_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { BillDetail } from '@wattwise/shared/contract/bills';
import { AccountSection } from '@/features/properties/components/account-section.tsx';
import { AnalysisCard, AnalysisView } from '@/features/analysis/components/analysis-view.tsx';
import { WEATHER_BILL_TYPES, WeatherComparison } from '@/features/analysis/components/weather-comparison.tsx';
import { BillStatusBadge } from '@/features/bills/components/bill-status-badge.tsx';
import { ExtractedFields } from '@/features/bills/components/extracted-fields.tsx';
import { OriginalFile } from '@/features/bills/components/original-file.tsx';
import { ReconciliationPanel } from '@/features/bills/components/reconciliation-panel.tsx';
import { RecommendationCardView, type RecommendationView } from '@/features/analysis/components/recommendation-card.tsx';
import { RichFeedbackDialog } from '@/features/analysis/components/rich-feedback-dialog.tsx';

function DetailSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-busy>
      <Skeleton className="h-[36rem]" />
      <div className="grid gap-3">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} className="h-12" />
        ))}
      </div>
    </div>
  );
}

function Recommendations({ bill }: { bill: BillDetail }) {
  const cards = useBillRecommendations(bill.id, { enabled: bill.analyzed });
  const fromCards: RecommendationView[] = (cards.data ?? []).map((card) => ({ ...card, oneTime: card.savingsPeriod === 'one_time' }));
  if (!bill.analyzed) return null;
  return (
    <section aria-labelledby="bill-recommendations-title" className="grid gap-4">
      <h2 id="bill-recommendations-title" className="text-lg font-semibold">
        Recommendations
      </h2>
      {fromCards.length ? (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {fromCards.map((card) => (
            <li key={card.id}>
              <RecommendationCardView recommendation={card} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {cards.isPending ? 'Loading recommendations…' : 'No recommendations for this bill: nothing worth changing was found.'}
        </p>
      )}
    </section>
  );
}

/** /dashboard/bills/:billId — the original file, what was read off it, its analysis and recommendations. */
export function BillDetailPage() {
  const { billId = '' } = useParams();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const validId = isBillId(billId);
  const bill = useBill(billId, { enabled: isAuthenticated && validId });
  const analyze = useAnalyzeBillAction();
  const retry = useRetryBill();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  const data = bill.data;
  const status = data ? billViewStatus(data) : null;
  const action = data ? analyzeAction(data) : null;
  const loadError = billLoadError(!validId ? 404 : bill.error instanceof ApiError ? bill.error.status : null, bill.error?.message);

  return (
    <div className="mx-auto grid w-full max-w-[1200px] grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <Link to="/dashboard" className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      {authLoading || (isAuthenticated && validId && bill.isPending) ? (
        <>
          <Skeleton className="h-9 w-72" />
          <DetailSkeleton />
        </>
      ) : !isAuthenticated ? (
        <Alert>
          <AlertTitle>Sign in to see this bill</AlertTitle>
          <AlertDescription>
            <Button size="sm" asChild>
              <Link to={`/dashboard/bills/${encodeURIComponent(billId)}`} state={{ openAuth: 'signin', returnPath: `/dashboard/bills/${billId}` }}>
                Sign In
              </Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : !validId || bill.isError || !data ? (
        <Alert variant="destructive">
          <AlertTitle>{loadError.title}</AlertTitle>
          <AlertDescription>
            {loadError.detail && <p>{loadError.detail}</p>}
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
            <div className="grid gap-1">
              <h1 className="text-3xl font-bold tracking-tight">{providerName(data.utilityProvider)}</h1>
              {data.providerBrand && <p className="text-sm text-muted-foreground">Doing business as {data.providerBrand}</p>}
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <span>{BILL_TYPE_LABELS[data.billType]}</span>·<span>{formatDate(billDate(data))}</span>·
                {data.totalAmount != null ? (
                  <span className="font-medium text-foreground tabular-nums">{formatAmountDue(data.totalAmount)}</span>
                ) : status === 'processing' ? (
                  <span>Reading…</span>
                ) : (
                  <span>
                    Amount {MISSING_VALUE.toLowerCase()} —{' '}
                    <Link className="text-accent underline-offset-4 hover:underline" to={{ hash: '#edit-totalAmount' }}>
                      add it
                    </Link>
                  </span>
                )}
                {status && <BillStatusBadge status={status} />}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {status === 'failed' && (
                <Button
                  variant="outline"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(data.id, { onError: (error) => toast.error('Retry failed', { description: error.message }) })}
                >
                  <RotateCcwIcon aria-hidden />
                  Retry
                </Button>
              )}
              {action && (
                <Button disabled={analyze.isPending} onClick={() => analyze.analyze(data.id)}>
                  {analyze.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <SparklesIcon aria-hidden />}
                  {analyze.isPending ? 'Analyzing…' : action}
                </Button>
              )}
            </div>
          </div>

          {status === 'processing' && (
            <div className="grid gap-2" role="status">
              <p className="text-sm">Reading your bill…</p>
              <Progress value={data.progress} aria-label="Processing progress" />
            </div>
          )}
          {status === 'failed' && (
            <Alert variant="destructive">
              <AlertTitle>Processing Failed</AlertTitle>
              <AlertDescription>Bill processing failed: {data.failureReason ?? 'Failed to process bill'}</AlertDescription>
            </Alert>
          )}

          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-lg">Original bill</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <OriginalFile bill={data} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-lg">What we read</h2>
                </CardTitle>
                <CardDescription>Something wrong? Edit a value: analysis uses your correction.</CardDescription>
              </CardHeader>
              <CardContent>
                <ExtractedFields bill={data} />
                <AccountSection bill={data} />
                {data.meterCheck && (
                  <section aria-label="Meter check" className="mt-4 grid gap-2 rounded-md border p-3 text-sm">
                    <h3 className="font-medium">Checked against your meter</h3>
                    <p>{data.meterCheck.message}</p>
                    {data.meterCheck.finding ? (
                      <p role="alert" className="text-destructive">
                        {data.meterCheck.finding}
                      </p>
                    ) : (
                      <p className="text-muted-foreground">
                        Within the rounding of the bill and the meter (±{data.meterCheck.tolerance.toLocaleString('en-US', { maximumFractionDigits: 3 })} {data.meterCheck.unit}).
                      </p>
                    )}
                  </section>
                )}
                {data.charges.length > 0 && (
                  <details className="mt-4 text-sm">
                    <summary className="cursor-pointer font-medium">Charges ({data.charges.length})</summary>
                    <ul className="mt-2 grid gap-1">
                      {data.charges.map((charge, index) => (
                        <li key={`${charge.label}-${index}`} className="flex justify-between gap-4">
                          <span>
                            {charge.label}
                            {charge.quantity != null && charge.rate != null && (
                              <span className="block text-xs text-muted-foreground tabular-nums">
                                {formatUsage(charge.quantity, charge.unit)} × {formatUnitPrice(charge.rate, charge.unit)}
                              </span>
                            )}
                          </span>
                          <span className="tabular-nums">{formatMoney(charge.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </CardContent>
            </Card>
          </div>

          {data.analysis ? (
            <AnalysisCard
              action={
                <Button variant="outline" size="sm" onClick={() => setFeedbackOpen(true)}>
                  <MessageSquareIcon aria-hidden />
                  Give feedback
                </Button>
              }
            >
              {data.analysis.reconciliation && <ReconciliationPanel bill={data} reconciliation={data.analysis.reconciliation} />}
              <AnalysisView analysis={data.analysis} />
              {WEATHER_BILL_TYPES.includes(data.billType) && <WeatherComparison billId={data.id} />}
            </AnalysisCard>
          ) : analysisRunning(data) ? (
            <Card>
              <CardContent className="flex items-center gap-3" role="status">
                <Loader2Icon className="size-5 animate-spin text-muted-foreground" aria-hidden />
                <div className="grid gap-1">
                  <h2 className="text-lg font-semibold">Analyzing this bill…</h2>
                  <p className="text-sm text-muted-foreground">
                    The analysis runs by itself after the bill is read and after each correction; it appears here in a moment.
                  </p>
                </div>
              </CardContent>
            </Card>
          ) : (
            status === 'pending' && (
              <Card>
                <CardContent className="grid justify-items-start gap-3">
                  <h2 className="text-lg font-semibold">Not analyzed yet</h2>
                  <p className="text-sm text-muted-foreground">
                    Analysis compares this bill with your earlier bills of the same account, checks the charges and works out savings from
                    your own rate.
                  </p>
                  <Button disabled={analyze.isPending} onClick={() => analyze.analyze(data.id)}>
                    <SparklesIcon aria-hidden />
                    {action === 'Re-analyze' ? 'Re-analyze this bill' : 'Analyze this bill'}
                  </Button>
                </CardContent>
              </Card>
            )
          )}
          <Recommendations bill={data} />
          <RichFeedbackDialog
            open={feedbackOpen}
            onOpenChange={setFeedbackOpen}
            entityType="bill_analysis"
            entityId={data.id}
          />
        </>
      )}
    </div>
  );
}
