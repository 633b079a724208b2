import { ML_MESSAGES, type MlAnalytics } from '@wattwise/shared/contract/ml-analytics';
import { Loader2Icon, PlayIcon } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { useMlAnalytics } from '../api/ml-analytics.ts';

const PredictionsChart = lazy(async () => ({ default: (await import('./ml-charts.tsx')).PredictionsChart }));
const ClustersChart = lazy(async () => ({ default: (await import('./ml-charts.tsx')).ClustersChart }));

type Grade = 'green' | 'yellow' | 'red';
const GRADE_VARIANT: Record<Grade, 'success' | 'warning' | 'destructive'> = { green: 'success', yellow: 'warning', red: 'destructive' };
const GRADE_LABEL: Record<Grade, string> = { green: 'On target', yellow: 'Near target', red: 'Off target' };
const num = (v: number) => Math.round(v).toLocaleString('en-US');

function Metric({ label, value, note, grade }: { label: string; value: string; note: string; grade?: Grade | null }) {
  return (
    <Card>
      <CardContent className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {grade && <Badge variant={GRADE_VARIANT[grade]}>{GRADE_LABEL[grade]}</Badge>}
          {note}
        </p>
      </CardContent>
    </Card>
  );
}

/** /ml-analytics (02-tools §2.9): signed-in only (else home), from the user's own bills. */
export function MlAnalyticsPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const ml = useMlAnalytics(isAuthenticated);

  useEffect(() => {
    if (!isLoading && !isAuthenticated) void navigate('/', { replace: true });
  }, [isLoading, isAuthenticated, navigate]);

  const run = async () => {
    const result = await ml.refetch();
    if (result.isError) toast.error(ML_MESSAGES.failed);
    else toast.success(ML_MESSAGES.done);
  };

  if (isLoading || !isAuthenticated) return <Skeleton className="mx-auto mt-10 h-64 w-full max-w-[1200px]" />;
  const data = ml.data;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">ML Analytics</h1>
          <p className="mt-1 text-muted-foreground">Your next bill forecast from your own history, and how well that forecast has done.</p>
        </div>
        <Button onClick={() => void run()} disabled={ml.isFetching}>
          {ml.isFetching ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <PlayIcon aria-hidden />} Run ML Analysis
        </Button>
      </div>
      {ml.isError && <p className="mt-6 text-destructive">{ML_MESSAGES.failed}</p>}
      {!data ? <Skeleton className="mt-6 h-40" /> : <MlContent data={data} />}
    </section>
  );
}

/** A forecast of a period that has already ended: the account's newer bills are missing. */
const isPast = (periodEnd: string) => periodEnd < new Date().toISOString().slice(0, 10);
const PAST_NOTE = ' · a period already past: upload this account’s newer bills for the coming one';

/** Every utility account's own forecast: one account's bills never feed another's. */
function AccountForecasts({ accounts }: { accounts: MlAnalytics['accounts'] }) {
  if (accounts.length < 2) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-base">Each account on its own</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label="Forecast per account">
          {accounts.map((a) => (
            <li key={a.key}>
              <span className="font-medium">{a.label}</span> ({a.bills} {a.bills === 1 ? 'bill' : 'bills'}, latest to {formatDate(a.latestPeriodEnd)}):{' '}
              {a.forecast
                ? `next bill ${num(a.forecast.usage)} ${a.unit ?? ''} (${formatDate(a.forecast.periodStart)} – ${formatDate(a.forecast.periodEnd)})${a.mape === null ? ', not yet backtested' : `, backtest error ${a.mape.toFixed(1)}%`}${isPast(a.forecast.periodEnd) ? PAST_NOTE : ''}`
                : `no forecast yet: ${a.tooFewBills ? `${a.tooFewBills.more} more ${a.tooFewBills.more === 1 ? 'bill' : 'bills'} needed` : 'too few bills'}`}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MlContent({ data }: { data: MlAnalytics }) {
  const unit = data.unit ?? '';
  if (data.tooFewBills) {
    const { have, need, more } = data.tooFewBills;
    return (
      <>
        <Card className="mt-6">
          <CardContent className="grid gap-2">
            <h2 className="text-lg font-semibold">
              Upload {more} more {more === 1 ? 'bill' : 'bills'} to see your forecast
            </h2>
            <p className="text-sm text-muted-foreground">
              The forecast learns from one utility account's own bills{data.account ? ` (${data.account.label})` : ''}: it has {have} with a service period and usage, it needs {need}.
            </p>
          </CardContent>
        </Card>
        <AccountForecasts accounts={data.accounts} />
      </>
    );
  }
  const f = data.forecast;
  const m = data.metrics;
  return (
    <>
      {data.account && (
        <p className="mt-6 text-sm text-muted-foreground">
          Forecast, backtest and anomalies for <span className="font-medium text-foreground">{data.account.label}</span>, from its {data.bills} bills only.
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {f && (
          <Metric
            label="Next bill forecast"
            value={`${num(f.usage)} ${unit}`}
            note={`${num(f.usageLow)}–${num(f.usageHigh)} ${unit} (95%) · ${formatDate(f.periodStart)} – ${formatDate(f.periodEnd)}${m ? ` · backtest error ${m.mape.toFixed(1)}%` : ' · not yet backtested'}${isPast(f.periodEnd) ? PAST_NOTE : ''}`}
          />
        )}
        {f && f.cost !== null && (
          <Metric label="Forecast cost" value={formatMoney(f.cost)} note={f.costLow !== null && f.costHigh !== null ? `${formatMoney(f.costLow)}–${formatMoney(f.costHigh)} (95%)` : ''} />
        )}
        {m && <Metric label="MAPE (usage)" value={`${m.mape.toFixed(1)}%`} note={`target 10% · backtested on ${m.backtestBills} bills`} grade={m.mapeGrade} />}
        {m && m.costRmse !== null && <Metric label="RMSE (cost)" value={formatMoney(m.costRmse)} note={`usage RMSE ${num(m.rmse)} ${unit} · target 20`} grade={m.costRmseGrade} />}
      </div>
      <AccountForecasts accounts={data.accounts} />

      <Tabs defaultValue="predictions" className="mt-6">
        <TabsList>
          <TabsTrigger value="predictions">Predictions</TabsTrigger>
          <TabsTrigger value="features">Features</TabsTrigger>
          <TabsTrigger value="clustering">Clustering</TabsTrigger>
          <TabsTrigger value="anomalies">Anomalies</TabsTrigger>
        </TabsList>
        <TabsContent value="predictions">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Predictions vs actuals (each bill forecast from the bills before it)</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Skeleton className="aspect-[16/7] w-full" />}>
                <PredictionsChart data={data.predictions} unit={unit} />
              </Suspense>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="features">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">What drives the forecast (weights of the linear model)</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3" aria-label="Feature importance">
                {data.features.map((ft) => (
                  <li key={ft.feature} className="grid gap-1 text-sm">
                    <span className="flex justify-between">
                      <span>
                        {ft.feature} <span className="text-muted-foreground">({ft.category.replace('_', ' ')})</span>
                      </span>
                      <span className="tabular-nums">{(ft.importance * 100).toFixed(0)}%</span>
                    </span>
                    <span className="h-2 rounded-full bg-muted">
                      <span className="block h-2 rounded-full bg-primary" style={{ width: `${ft.importance * 100}%` }} />
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="clustering">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Households with a similar year</CardTitle>
            </CardHeader>
            <CardContent>
              {data.clustering.clusters.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Clustering needs at least {data.clustering.minUsers} households with half a year of electricity bills; there are {data.clustering.users} so far.
                </p>
              ) : (
                <>
                  <Suspense fallback={<Skeleton className="aspect-[16/7] w-full" />}>
                    <ClustersChart data={data.clustering.clusters} unit={unit} />
                  </Suspense>
                  <ul className="mt-3 grid gap-1 text-sm">
                    {data.clustering.clusters.map((c) => (
                      <li key={c.clusterId}>
                        Cluster {c.clusterId}
                        {c.isYours ? ' (yours)' : ''}: {c.customers} households, {num(c.avgUsage)} kWh a month on average
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="anomalies">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Anomalies</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="text-sm text-muted-foreground">{data.anomalyCheck.message}</p>
              {!data.anomalyCheck.judged ? null : data.anomalies.length === 0 ? (
                <p className="text-sm text-muted-foreground">No bill falls outside the range the model expected.</p>
              ) : (
                <ul className="grid gap-2 text-sm">
                  {data.anomalies.map((a) => (
                    <li key={`${a.timestamp}-${a.explanation}`} className="flex flex-wrap items-center gap-2">
                      <Badge variant={a.severity === 'high' ? 'destructive' : a.severity === 'medium' ? 'warning' : 'secondary'}>{a.severity}</Badge>
                      {formatDate(a.timestamp)}: {a.explanation}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
