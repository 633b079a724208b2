import { BarChart3Icon, GaugeIcon, GlobeIcon, PlugIcon, ShieldCheckIcon, SparklesIcon, TrendingUpIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/** 01-core §2 'Optimization Guide': static guidance, written for how this deployment is built (README's configuration table). */
const SECTIONS = [
  {
    title: 'Performance',
    Icon: GaugeIcon,
    points: [
      'Point DATABASE_URL at a managed PostgreSQL once more than a handful of people use the site; the embedded database serves one process.',
      'Run dedicated workers (npm run worker) when photo bills queue up: OCR is the slow step.',
      'Watch /metrics for the job queue depth and bill processing times.',
    ],
  },
  {
    title: 'Security',
    Icon: ShieldCheckIcon,
    points: [
      'Set AUTH_SECRET and ALTCHA_HMAC_KEY explicitly when running several processes.',
      'Behind a proxy set TRUST_PROXY=true, never when the server is reachable directly.',
      'Grant the admin role sparingly (npm run cli -- create-admin EMAIL); it is checked on the server on every admin call.',
    ],
  },
  {
    title: 'Global reach',
    Icon: GlobeIcon,
    points: ['Serve the built web app through a CDN; its assets are content-hashed and cache forever.', 'Set PUBLIC_URL to the address users reach so email links work.'],
  },
  {
    title: 'Business insights',
    Icon: BarChart3Icon,
    points: ['ML Feedback Analytics shows how often the bill reader is corrected, by provider and month.', 'Bill search finds any bill by provider, account, amount, date or a word printed on it.'],
  },
  {
    title: 'Integrations',
    Icon: PlugIcon,
    points: ['Mail goes to the outbox until SMTP_URL is set.', 'An AI provider (ANTHROPIC_API_KEY or OPENAI_BASE_URL) is optional: every screen has an offline engine.'],
  },
  {
    title: 'Growth',
    Icon: TrendingUpIcon,
    points: ['Review pending corrections weekly and train the reader: accepted corrections become hints it reads with.'],
  },
  {
    title: 'Experience',
    Icon: SparklesIcon,
    points: ['Fields read with low confidence are shown to the user to check; fewer corrections mean a better first reading.'],
  },
] as const;

export function OptimizationGuide() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SECTIONS.map(({ title, Icon, points }) => (
        <Card key={title}>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Icon className="size-4 text-primary" aria-hidden /> {title}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
