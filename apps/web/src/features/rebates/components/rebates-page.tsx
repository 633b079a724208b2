import type { Rebate } from '@wattwise/shared/contract/rebates';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useRebates } from '../api/rebates.ts';
import { AiRecommendationsTab } from './ai-recommendations-tab.tsx';
import { AllRebatesTab } from './all-rebates-tab.tsx';
import { type ApplicationDraft, ApplicationDialog } from './application-dialog.tsx';

/** /rebates (01-core §2; 02-tools §2.2): AI Recommendations and All Rebates. */
export function RebatesPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const rebates = useRebates();
  const [tracking, setTracking] = useState<ApplicationDraft | null>(null);
  // ?action=apply (the assistant's 'Apply for rebates'): the best-matched rebate's Eligibility Check, with Apply for This Rebate.
  const [params, setParams] = useSearchParams();
  const applyDone = () =>
    setParams(
      (p) => {
        p.delete('action');
        return p;
      },
      { replace: true },
    );
  const track = (r: Rebate) => setTracking({ rebateId: r.id, programName: r.programName, externalLink: r.applicationUrl });
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Find Smarter Savings with AI</h1>
      <p className="mt-1 text-muted-foreground">Rebates and incentives ranked for your home from your own bills.</p>
      <Tabs defaultValue="ai" className="mt-6">
        <TabsList>
          <TabsTrigger value="ai">AI Recommendations</TabsTrigger>
          <TabsTrigger value="all">All Rebates ({rebates.data?.total ?? 0})</TabsTrigger>
        </TabsList>
        <TabsContent value="ai" className="mt-6">
          {!isLoading && <AiRecommendationsTab isAuthenticated={isAuthenticated} onTrack={track} applyToTopPick={params.get('action') === 'apply'} onApplyDone={applyDone} />}
        </TabsContent>
        <TabsContent value="all" className="mt-6">
          {rebates.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Error</AlertTitle>
              <AlertDescription className="grid gap-2">
                <p>Failed to load rebates: {rebates.error.message}</p>
                <Button size="sm" variant="outline" className="w-fit" onClick={() => void rebates.refetch()}>
                  Try Again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <AllRebatesTab rebates={rebates.data?.rebates} onTrack={isAuthenticated ? track : undefined} />
          )}
        </TabsContent>
      </Tabs>
      <ApplicationDialog mode="add" draft={tracking} open={tracking !== null} onClose={() => setTracking(null)} />
    </section>
  );
}
