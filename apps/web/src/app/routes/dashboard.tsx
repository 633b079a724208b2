import { AlertTriangleIcon, ArrowLeftIcon, GaugeIcon, Loader2Icon, UploadIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useBillFigures, useBillList } from '@/features/bills/api/bills.ts';
import { useAnalyzeBillAction } from '@/features/analysis/hooks/use-analyze-bill-action.ts';
import { useProperties } from '@/features/properties/api/properties.ts';
import { useRecommendations } from '@/features/analysis/api/recommendations.ts';
import { flaggedBills, recentBills } from '@/features/bills/lib/bill-view.ts';
import { overviewFigures } from '@/features/analysis/lib/overview.ts';
import { recommendationSource } from '@/features/analysis/lib/recommendations.ts';
import { ANALYSIS_MESSAGES } from '@/features/analysis/messages.ts';
import { BILLS_MESSAGES } from '@/features/bills/messages.ts';
import type { PropertyType } from '@wattwise/shared/contract/common';
import { BillsTable } from '@/features/bills/components/bills-table.tsx';
import { EmptyBills } from '@/features/bills/components/empty-bills.tsx';
import { OverviewFigures } from '@/features/analysis/components/overview-figures.tsx';
import { ALL, PropertyFilter } from '@/features/properties/components/property-filter.tsx';
import { RecommendationCardView } from '@/features/analysis/components/recommendation-card.tsx';
import { SubscriptionNotice } from '@/features/subscription/components/subscription-notice.tsx';
import { useGamification } from '@/features/gamification/api/gamification.ts';
import { GoalDialog } from '@/features/gamification/components/goal-dialog.tsx';

/** Recommendation cards shown before 'Show all'. */
const CARDS_SHOWN = 6;

// Recharts is heavy: the charts load only when the Savings Insights tab opens.
const SavingsInsights = lazy(async () => ({ default: (await import('@/features/analysis/components/savings-insights.tsx')).SavingsInsights }));

function SignInPrompt() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardContent className="grid gap-3">
        <h2 className="text-lg font-semibold">Sign in to see your dashboard</h2>
        <p className="text-sm text-muted-foreground">Your bills, analyses and savings recommendations are kept in your account.</p>
        <Button
          className="mx-auto"
          onClick={() => void navigate('/dashboard', { state: { openAuth: 'signin', returnPath: '/dashboard' } })}
        >
          Sign In
        </Button>
      </CardContent>
    </Card>
  );
}

/** Under the bills table: how many of the bills are shown, and the next page on request. */
function MoreBills({ shown, total, loading, onMore }: { shown: number; total: number; loading: boolean; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 px-2 pb-2 text-sm text-muted-foreground">
      <span>
        Showing {shown} of {total} bills
      </span>
      <Button variant="outline" size="sm" disabled={loading} onClick={onMore}>
        {loading ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
        Show more bills
      </Button>
    </div>
  );
}

/** The sections a link can open (the assistant's quick actions, 02-tools §2.1): `?section=tips|trends|bills`, `?action=goals`. */
const SECTION_TABS: Record<string, string> = { tips: 'overview', trends: 'insights', bills: 'bills' };

/** /dashboard (01-core §2): recommendations, insights and the bills of the signed-in user. */
export function DashboardPage() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const section = params.get('section') ?? '';
  const goalsOpen = params.get('action') === 'goals' && isAuthenticated;
  const game = useGamification(goalsOpen);
  const closeGoals = () =>
    setParams(
      (p) => {
        p.delete('action');
        return p;
      },
      { replace: true },
    );
  const [propertyId, setPropertyId] = useState<string>(ALL);
  const [propertyType, setPropertyType] = useState<PropertyType | typeof ALL>(ALL);
  const [showAllCards, setShowAllCards] = useState(false);
  const filters = {
    propertyId: propertyId === ALL ? undefined : propertyId,
    propertyType: propertyType === ALL ? undefined : propertyType,
  };
  const properties = useProperties({ enabled: isAuthenticated });
  // The overview and the charts need every bill's figures; the table shows the full bills a page at a time.
  const figures = useBillFigures(filters, { enabled: isAuthenticated });
  const bills = useBillList(filters, { enabled: isAuthenticated });
  const recommendations = useRecommendations(filters.propertyType, { enabled: isAuthenticated });
  const analyze = useAnalyzeBillAction();
  const analyzeAction = { run: analyze.analyze, isPending: analyze.isPending, billId: analyze.billId };

  const loadError = bills.error ?? figures.error;
  useEffect(() => {
    if (loadError) toast.error(BILLS_MESSAGES.loadBillsFailed, { description: loadError.message });
  }, [loadError]);
  useEffect(() => {
    if (recommendations.isError) toast.error(ANALYSIS_MESSAGES.loadRecommendationsFailed, { description: recommendations.error.message });
  }, [recommendations.isError, recommendations.error]);

  const allBills = figures.data ?? [];
  const listed = bills.bills ?? [];
  // The server chose the cards (one per advice and account, from its latest bill); those of
  // bills outside the chosen property are left out.
  const billIds = new Set(allBills.map((bill) => bill.id));
  const cards = (recommendations.data ?? []).filter((card) => !filters.propertyId || billIds.has(card.billId));
  const shownCards = showAllCards ? cards : cards.slice(0, CARDS_SHOWN);
  const flagged = flaggedBills(allBills);
  const isLoading = authLoading || (isAuthenticated && (bills.isPending || figures.isPending));
  // ?section=tips: the savings recommendations, in view once they are there.
  const showTips = section === 'tips' && !isLoading && !loadError && !recommendations.isPending;
  useEffect(() => {
    if (showTips) document.getElementById('recommendations-title')?.scrollIntoView({ block: 'start' });
  }, [showTips]);

  return (
    <div className="mx-auto grid w-full max-w-[1200px] grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <Link to="/" className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Back to Home
      </Link>
      {!authLoading && <SubscriptionNotice isAuthenticated={isAuthenticated} />}
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Your Dashboard</h1>
          <p className="text-muted-foreground">What your bills say, what is unusual about them and what to do about it.</p>
        </div>
        {isAuthenticated && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild variant="outline" className="w-full md:w-fit">
              <Link to="/meter-data">
                <GaugeIcon aria-hidden />
                Meter Data
              </Link>
            </Button>
            <Button asChild className="w-full md:w-fit">
              <Link to="/bill-upload">
                <UploadIcon aria-hidden />
                Upload a Bill or Meter Data
              </Link>
            </Button>
          </div>
        )}
      </div>

      {!authLoading && !isAuthenticated ? (
        <SignInPrompt />
      ) : (
        <>
          <PropertyFilter
            properties={properties.data}
            propertyId={propertyId}
            propertyType={propertyType}
            onPropertyChange={setPropertyId}
            onPropertyTypeChange={setPropertyType}
          />
          {isLoading ? (
            <div role="status" className="flex min-h-64 items-center justify-center gap-2 text-muted-foreground">
              <Loader2Icon className="size-5 animate-spin" aria-hidden />
              <span>{BILLS_MESSAGES.loading}</span>
            </div>
          ) : loadError ? (
            <Alert variant="destructive">
              <AlertTriangleIcon aria-hidden />
              <AlertTitle>{BILLS_MESSAGES.loadDataFailed}</AlertTitle>
              <AlertDescription>
                <Button variant="outline" size="sm" onClick={() => {
                    void bills.refetch();
                    void figures.refetch();
                  }}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <Tabs key={section} defaultValue={SECTION_TABS[section] ?? 'overview'}>
              <TabsList>
                <TabsTrigger value="overview">Overview</TabsTrigger>
                <TabsTrigger value="insights">Savings Insights</TabsTrigger>
                <TabsTrigger value="bills">Your Bills</TabsTrigger>
              </TabsList>

              <TabsContent value="overview" className="grid gap-8">
                <OverviewFigures figures={overviewFigures(allBills, cards)} />
                <section aria-labelledby="recommendations-title" className="grid gap-4">
                  <h2 id="recommendations-title" tabIndex={-1} className="scroll-mt-4 text-xl font-semibold">
                    Savings recommendations
                  </h2>
                  {cards.length ? (
                    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                      {shownCards.map((card) => (
                        <li key={card.id}>
                          <RecommendationCardView
                            recommendation={{ ...card, oneTime: card.savingsPeriod === 'one_time', source: recommendationSource(card, allBills), billId: card.billId }}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {cards.length > CARDS_SHOWN && (
                    <Button variant="outline" className="w-fit" onClick={() => setShowAllCards((value) => !value)}>
                      {showAllCards ? 'Show fewer' : `Show all ${cards.length} recommendations`}
                    </Button>
                  )}
                  {cards.length === 0 && (
                    <p className="text-sm text-muted-foreground">
                      {allBills.length
                        ? 'Analyze a bill to get recommendations worked out from your own rate and usage.'
                        : 'Recommendations appear after your first bill is analyzed.'}
                    </p>
                  )}
                </section>
                <section aria-labelledby="recent-bills-title" className="grid gap-4">
                  <h2 id="recent-bills-title" className="text-xl font-semibold">
                    Recent Bills
                  </h2>
                  {listed.length ? (
                    <Card className="py-2">
                      <CardContent className="px-2">
                        <BillsTable bills={recentBills(listed)} caption="Recent Bills" compact />
                      </CardContent>
                    </Card>
                  ) : (
                    <EmptyBills />
                  )}
                </section>
              </TabsContent>

              <TabsContent value="insights">
                <Suspense fallback={<Skeleton className="h-96" />}>
                  <SavingsInsights
                    bills={allBills}
                    empty={<EmptyBills text="Charts appear once a bill has been read. Upload a few months to see the trend." />}
                  />
                </Suspense>
              </TabsContent>

              <TabsContent value="bills" className="grid gap-4">
                <h2 className="text-xl font-semibold">Your Utility Bills</h2>
                {flagged.length > 0 && (
                  <Alert variant="warning">
                    <AlertTriangleIcon aria-hidden />
                    <AlertTitle>Unusual activity</AlertTitle>
                    <AlertDescription>
                      {flagged.length === 1
                        ? '1 analyzed bill shows usage or charges outside your usual pattern. Open it to see why.'
                        : `${flagged.length} analyzed bills show usage or charges outside your usual pattern. Open them to see why.`}
                    </AlertDescription>
                  </Alert>
                )}
                {listed.length ? (
                  <Card className="py-2">
                    <CardContent className="grid gap-2 px-2">
                      <BillsTable bills={listed} caption="Your Utility Bills" analyze={analyzeAction} />
                      <MoreBills shown={listed.length} total={bills.total ?? listed.length} loading={bills.isFetchingNextPage} onMore={() => void bills.fetchNextPage()} />
                    </CardContent>
                  </Card>
                ) : (
                  <EmptyBills />
                )}
              </TabsContent>
            </Tabs>
          )}
        </>
      )}
      {game.data && <GoalDialog open={goalsOpen} onOpenChange={(open) => !open && closeGoals()} currentCents={game.data.monthlyGoalCents} />}
    </div>
  );
}
