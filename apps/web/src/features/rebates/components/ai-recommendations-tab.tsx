import type { Rebate, RebateCategory, RecommendationsResult } from '@wattwise/shared/contract/rebates';
import { LocateFixedIcon, MapPinIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { type DetectedLocation, lookupCoordinates, useRecommendations } from '../api/rebates.ts';
import { wholeDollars } from '../lib/format.ts';
import { currentPosition, placeName, readSessionLocation, saveSessionLocation } from '../lib/location.ts';
import { REBATE_MESSAGES } from '../messages.ts';
import { EligibilityDialog } from './eligibility-dialog.tsx';
import { ExplainDialog } from './explain-dialog.tsx';
import { InsightsDialog } from './insights-dialog.tsx';
import { LoadingSteps } from './loading-steps.tsx';
import { RecommendationCard } from './recommendation-card.tsx';

/** The upgrades a household can say it is interested in; they lift matching picks. */
const INTEREST_LABELS: [RebateCategory, string][] = [
  ['heat_pump', 'Heat pumps'],
  ['heat_pump_water_heater', 'Water heating'],
  ['insulation', 'Insulation'],
  ['appliances', 'Appliances'],
  ['electrical_panel', 'Electrical upgrades'],
  ['solar', 'Solar'],
];

const SOURCE_LABELS: Record<RecommendationsResult['location']['source'], string> = {
  bill: 'From your bills',
  utility: 'From your utility',
  geolocation: 'Detected',
  default: 'Default location',
};

/** The visitor's view: the sign-in prompt in place of personalised picks (01-core §6). */
function SignInForPicks() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardContent className="grid gap-3">
        <h2 className="text-lg font-semibold">Sign in to see your personalised picks</h2>
        <p className="text-sm text-muted-foreground">We rank rebates from your own bills: your usage, your utility and where you live.</p>
        <Button className="mx-auto" onClick={() => void navigate('/rebates', { state: { openAuth: 'signin', returnPath: '/rebates' } })}>
          Sign In
        </Button>
      </CardContent>
    </Card>
  );
}

type Props = {
  isAuthenticated: boolean;
  onTrack: (rebate: Rebate) => void;
  /** Open the Eligibility Check (with Apply for This Rebate) of the top pick once the picks are in; `onApplyDone` when it closes. */
  applyToTopPick?: boolean;
  onApplyDone?: () => void;
};

export function AiRecommendationsTab({ isAuthenticated, onTrack, applyToTopPick = false, onApplyDone }: Props) {
  const [detected, setDetected] = useState<DetectedLocation | null>(() => readSessionLocation());
  const [detecting, setDetecting] = useState(false);
  const [explaining, setExplaining] = useState<Rebate | null>(null);
  const [checking, setChecking] = useState<Rebate | null>(null);
  const [insightsOpen, setInsightsOpen] = useState(false);
  const [interests, setInterests] = useState<RebateCategory[]>([]);
  const picks = useRecommendations(detected, interests, isAuthenticated);
  const toggleInterest = (c: RebateCategory) => setInterests((list) => (list.includes(c) ? list.filter((x) => x !== c) : [...list, c]));

  if (!isAuthenticated) return <SignInForPicks />;

  const detect = async () => {
    setDetecting(true);
    try {
      const position = await currentPosition();
      const found = await lookupCoordinates(position.coords.latitude, position.coords.longitude);
      saveSessionLocation(found);
      setDetected(found);
      toast.success(REBATE_MESSAGES.locationUpdated(placeName(found)));
    } catch {
      // The spec's fallback: Atlanta, GA (the server's default when nothing else is known).
      toast.error(REBATE_MESSAGES.locationFailed);
    } finally {
      setDetecting(false);
    }
  };
  const refresh = async () => {
    const result = await picks.refetch();
    if (result.isError) toast.error(REBATE_MESSAGES.refreshFailed);
    else toast.success(REBATE_MESSAGES.refreshed);
  };

  const data = picks.data;
  const topPick = applyToTopPick ? (data?.recommendations[0]?.rebate ?? null) : null;
  const checkingNow = checking ?? topPick;
  const closeCheck = () => {
    setChecking(null);
    if (topPick) onApplyDone?.();
  };
  const location = data?.location;
  // Alternatives (partial- vs whole-home heat pump from one programme) count once: the server's figure.
  const total = data?.combinedSavings ?? 0;
  const hasAlternatives = data?.recommendations.some((r) => r.alternativeIds.length > 0) ?? false;
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">{location ? `Hello! Here are savings near ${placeName(location)}` : 'Hello! Finding savings near you'}</h2>
            {location && (
              <Badge variant="outline" className="w-fit">
                <MapPinIcon className="size-3" aria-hidden /> {placeName(location)} · {SOURCE_LABELS[location.source]}
              </Badge>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void detect()} disabled={detecting}>
              <LocateFixedIcon aria-hidden /> Detect My Location
            </Button>
            <Button variant="outline" onClick={() => void refresh()} disabled={picks.isFetching}>
              <RefreshCwIcon aria-hidden /> Refresh Recommendations
            </Button>
            <Button onClick={() => setInsightsOpen(true)}>
              <SparklesIcon aria-hidden /> Smart Insights
            </Button>
          </div>
        </CardContent>
      </Card>

      <div role="group" aria-label="What interests you?" className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">What interests you?</span>
        {INTEREST_LABELS.map(([category, label]) => (
          <Button key={category} size="sm" variant={interests.includes(category) ? 'default' : 'outline'} aria-pressed={interests.includes(category)} onClick={() => toggleInterest(category)}>
            {label}
          </Button>
        ))}
      </div>

      {location?.source === 'default' && !detected && (
        <Alert>
          <MapPinIcon aria-hidden />
          <AlertTitle>Location Not Detected</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>We are showing rebates for Atlanta, GA. Share your location, or upload a bill, for rebates where you live.</p>
            <Button size="sm" variant="outline" className="w-fit" onClick={() => void detect()}>
              Enable Location
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {picks.isFetching && !data ? (
        <LoadingSteps />
      ) : picks.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{REBATE_MESSAGES.recommendationsFailed(picks.error.message)}</AlertDescription>
        </Alert>
      ) : data && data.recommendations.length === 0 ? (
        <p className="text-muted-foreground">{REBATE_MESSAGES.noRebatesForLocation}</p>
      ) : data ? (
        <>
          <Card className="border-primary/40 bg-primary/5">
            <CardContent className="grid gap-1">
              <h2 className="text-lg font-semibold">AI Found {data.recommendations.length} Opportunities</h2>
              <p className="text-sm">
                Worth up to {wholeDollars(total)} taken together{hasAlternatives ? ', counting only the best of rebates that are alternatives to each other' : ''}
                {data.usage.monthlyKwh !== null && <> · based on your {data.usage.monthlyKwh.toLocaleString('en-US')} kWh a month</>}. Ranked by {data.engine}.
              </p>
            </CardContent>
          </Card>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.recommendations.map((pick) => (
              <li key={pick.rebate.id}>
                <RecommendationCard
                  pick={pick}
                  alternatives={data.recommendations.filter((r) => pick.alternativeIds.includes(r.rebate.id)).map((r) => r.rebate.programName)}
                  onExplain={setExplaining}
                  onCheckEligibility={setChecking}
                  onTrack={onTrack}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <ExplainDialog rebate={explaining} onClose={() => setExplaining(null)} />
      <EligibilityDialog rebate={checkingNow} onClose={closeCheck} />
      <InsightsDialog open={insightsOpen} onClose={() => setInsightsOpen(false)} />
    </div>
  );
}
