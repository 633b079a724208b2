import { FileSearchIcon, GaugeIcon, LandmarkIcon, ReceiptIcon, ScaleIcon, ZapIcon } from 'lucide-react';
import { Section } from './section.tsx';

/** What the product does (01-core §1), one card each. */
const FEATURES = [
  { title: 'Reads your bill', text: 'Upload a PDF or a photo. Provider, account, amount, service period and due date are read off it for you.', Icon: FileSearchIcon },
  { title: 'Catches billing errors', text: 'Charges that do not add up and readings that jump are flagged so you can question them.', Icon: ReceiptIcon },
  { title: 'Explains your usage', text: 'See peak times, base load and how the weather moved your bill, month by month.', Icon: GaugeIcon },
  { title: 'Compares rates', text: 'Find out whether your plan still fits how you use energy, and what switching would change.', Icon: ScaleIcon },
  { title: 'Finds rebates', text: 'Programmes for heat pumps, solar, thermostats and more, matched to your area and property.', Icon: LandmarkIcon },
  { title: 'Practical savings tips', text: 'Concrete steps with estimated savings, effort and payback, for homes and small businesses.', Icon: ZapIcon },
];

export function FeaturesSection() {
  return (
    <Section id="features" title="What Wattwise does with your bill" intro="One upload gives you a clear picture of what you pay for and where you can pay less.">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-xl border bg-card p-6">
            <Icon className="size-6 text-brand" aria-hidden />
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
