import { BrainCircuitIcon, RouteIcon, ScanTextIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { CostDashboardPanel } from './cost-dashboard-panel.tsx';

const POINTS = [
  {
    Icon: RouteIcon,
    title: 'Smart routing',
    text: 'Each bill is sized up first: a one-page text PDF takes the cheapest path, scans and complex statements get the heavier tools only where needed.',
  },
  {
    Icon: ScanTextIcon,
    title: 'Rules first',
    text: 'Text extraction and field rules read about 90% of the data without any AI, so most bills cost a fraction of a cent.',
  },
  {
    Icon: BrainCircuitIcon,
    title: 'AI for validation and insights',
    text: 'An AI model checks only the values the rules are unsure about and helps explain your usage.',
  },
];

export function CostOptimizationTab({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-4">
          <h2 className="text-lg font-semibold">How we keep processing costs low</h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {POINTS.map(({ Icon, title, text }) => (
              <li key={title} className="grid gap-1">
                <Icon className="size-5 text-brand" aria-hidden />
                <p className="font-medium">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <CostDashboardPanel enabled={isAuthenticated} />
    </div>
  );
}
