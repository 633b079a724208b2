import { FEEDBACK_ANALYSIS_MESSAGES, type FeedbackAnalysis, type FeedbackItem } from '@wattwise/shared/contract/feedback-analysis';
import { BrainCircuitIcon, CheckCircle2Icon, CircleIcon, DownloadIcon, Loader2Icon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { formatDate } from '@/lib/format.ts';
import { downloadFeedbackCsv, useFeedbackAnalysis, useReviewFeedback, useTrainModel } from '../api/feedback-analysis.ts';

const Charts = {
  AccuracyOverTime: lazy(async () => ({ default: (await import('./feedback-charts.tsx')).AccuracyOverTimeChart })),
  ByType: lazy(async () => ({ default: (await import('./feedback-charts.tsx')).FeedbackByTypeChart })),
  ByCategory: lazy(async () => ({ default: (await import('./feedback-charts.tsx')).FeedbackByCategoryChart })),
  ByProvider: lazy(async () => ({ default: (await import('./feedback-charts.tsx')).AccuracyByProviderChart })),
};

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)}%`);
const share = (v: number) => `${(v * 100).toFixed(1)}%`;


function SummaryCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

function ChartBox({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="aspect-video w-full" />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}

/** /feedback-analysis (02-tools §2.17), for admins: from ml_feedback, the bills and the reader's versions. */
export function FeedbackAnalysisView() {
  const analysis = useFeedbackAnalysis(true);
  const train = useTrainModel();
  const [reviewing, setReviewing] = useState<FeedbackItem | null>(null);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadFeedbackCsv();
      toast.success(FEEDBACK_ANALYSIS_MESSAGES.exported);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };
  const onTrain = async () => {
    toast.info(FEEDBACK_ANALYSIS_MESSAGES.trainingStarted);
    try {
      const r = await train.mutateAsync();
      const figures = `held-out accuracy ${share(r.baselineAccuracy)} → ${share(r.accuracy)}`;
      if (r.promoted) toast.success(`Version ${r.version.version} promoted: ${figures}`);
      else toast.warning(`Version ${r.version.version} not promoted (worse on held-out bills): ${figures}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  const data = analysis.data;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">ML Feedback Analytics</h1>
          <p className="mt-1 text-muted-foreground">How often the bill reader is corrected, and what training does about it.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void onExport()} disabled={exporting}>
            <DownloadIcon aria-hidden /> Export Data
          </Button>
          <Button onClick={() => void onTrain()} disabled={train.isPending}>
            {train.isPending ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <BrainCircuitIcon aria-hidden />} Train Model
          </Button>
        </div>
      </div>

      {analysis.isError && <p className="mt-6 text-destructive">{analysis.error.message}</p>}
      {!data ? (
        <div className="mt-6 grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <AnalysisContent data={data} onProcess={setReviewing} />
      )}
      <ReviewDialog item={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}

function AnalysisContent({ data, onProcess }: { data: FeedbackAnalysis; onProcess: (item: FeedbackItem) => void }) {
  const change = data.changeFromLastMonth === null ? 'No feedback last month' : `${data.changeFromLastMonth >= 0 ? '+' : ''}${data.changeFromLastMonth}% from last month`;
  const active = data.versions.find((v) => v.active);
  return (
    <>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <SummaryCard label="Total Feedback" value={data.totalFeedback.toLocaleString('en-US')} note={change} />
        <SummaryCard
          label="Accuracy Improvement"
          value={data.accuracyImprovement === null ? '—' : `${data.accuracyImprovement >= 0 ? '+' : ''}${data.accuracyImprovement.toFixed(1)} pts`}
          note={active ? `Version ${active.version} on ${active.heldoutBills} held-out bills` : 'No model trained yet'}
        />
        <SummaryCard label="Processing Rate" value={pct(data.processingRate)} note={`${data.status.pending} pending review`} />
      </div>

      <Tabs defaultValue="overview" className="mt-6">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="feedback-analysis">Feedback Analysis</TabsTrigger>
          <TabsTrigger value="model-performance">Model Performance</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-4 lg:grid-cols-2">
          <ChartBox title="Accuracy over time">
            <Charts.AccuracyOverTime data={data.accuracyByMonth} />
          </ChartBox>
          <ChartBox title="Feedback by type">
            <Charts.ByType data={data.byType} />
          </ChartBox>
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="text-base">Recent submissions</CardTitle>
            </CardHeader>
            <CardContent>
              {data.recent.length === 0 ? (
                <p className="text-sm text-muted-foreground">No feedback yet.</p>
              ) : (
                <ul className="divide-y" aria-label="Recent submissions">
                  {data.recent.map((item) => (
                    <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <div className="min-w-0">
                        <p className="truncate text-sm font-medium">{item.description}</p>
                        <p className="text-xs text-muted-foreground">
                          {formatDate(item.date.slice(0, 10))} · {item.type}
                          {item.provider ? ` · ${item.provider}` : ''}
                        </p>
                      </div>
                      {item.status === 'pending' ? (
                        <Button size="sm" variant="outline" onClick={() => onProcess(item)} aria-label={`Process Now: ${item.description}`}>
                          Process Now
                        </Button>
                      ) : (
                        <Badge variant={item.review === 'rejected' ? 'secondary' : 'success'}>processed{item.review ? ` · ${item.review}` : ''}</Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="feedback-analysis" className="grid gap-4 lg:grid-cols-2">
          <ChartBox title="Feedback by category">
            <Charts.ByCategory data={data.byCategory} />
          </ChartBox>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Processing status</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p className="flex justify-between">
                <span>Pending Review</span> <span className="font-semibold tabular-nums">{data.status.pending}</span>
              </p>
              <p className="flex justify-between">
                <span>Ready for Training</span> <span className="font-semibold tabular-nums">{data.status.readyForTraining} validated corrections</span>
              </p>
              <p className="flex justify-between">
                <span>Incorporated</span> <span className="font-semibold tabular-nums">{data.status.incorporated}</span>
              </p>
              <p className="flex justify-between text-muted-foreground">
                <span>Rejected</span> <span className="tabular-nums">{data.status.rejected}</span>
              </p>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="model-performance" className="grid gap-4 lg:grid-cols-2">
          <ChartBox title="Accuracy by utility provider">
            <Charts.ByProvider data={data.accuracyByProvider} />
          </ChartBox>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Accuracy by provider</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm" aria-label="Accuracy by provider">
                {data.accuracyByProvider.map((p) => (
                  <li key={p.provider} className="flex justify-between gap-4">
                    <span>{p.provider}</span>
                    <span className="tabular-nums">
                      {pct(p.accuracy)} <span className="text-muted-foreground">({p.misses} of {p.fields} fields corrected)</span>
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="text-base">Model versions</CardTitle>
            </CardHeader>
            <CardContent>
              {data.versions.length === 0 ? (
                <p className="text-sm text-muted-foreground">No version trained yet: the reader uses its rules and each user's own corrections. Train Model measures a first version.</p>
              ) : (
                <ul className="grid gap-2 text-sm" aria-label="Model versions">
                  {data.versions.map((v) => (
                    <li key={v.version} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex items-center gap-2">
                        {v.active ? <CheckCircle2Icon className="size-4 text-primary" aria-hidden /> : <CircleIcon className="size-4 text-muted-foreground" aria-hidden />}
                        v{v.version} {v.active ? '(active)' : v.promoted ? '' : '(not promoted)'}
                      </span>
                      <span className="tabular-nums">
                        {share(v.accuracy)} <span className="text-muted-foreground">vs {share(v.baselineAccuracy)} before · {v.correctionsUsed} corrections · {v.heldoutBills} held-out bills · {formatDate(v.trainedAt.slice(0, 10))}</span>
                      </span>
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

function ReviewDialog({ item, onClose }: { item: FeedbackItem | null; onClose: () => void }) {
  const review = useReviewFeedback();
  const decide = async (decision: 'accept' | 'reject') => {
    if (!item) return;
    try {
      await review.mutateAsync({ id: item.id, decision });
      toast.success(decision === 'accept' ? 'Correction accepted: it will feed the next training' : 'Correction rejected');
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Review feedback</DialogTitle>
          <DialogDescription>Accept a correction if the user is right: the reader learns from accepted corrections. Reject it if the reader had it right.</DialogDescription>
        </DialogHeader>
        {item && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Provider</dt>
            <dd>{item.provider ?? '—'}</dd>
            <dt className="text-muted-foreground">Field</dt>
            <dd>{item.field ?? item.category}</dd>
            <dt className="text-muted-foreground">Read</dt>
            <dd>{item.originalValue ?? '—'}</dd>
            <dt className="text-muted-foreground">Corrected to</dt>
            <dd>{item.correctedValue ?? '—'}</dd>
          </dl>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => void decide('reject')} disabled={review.isPending}>
            Reject
          </Button>
          <Button onClick={() => void decide('accept')} disabled={review.isPending}>
            Accept
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
