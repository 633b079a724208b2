import { QuoteIcon } from 'lucide-react';
import { DEMO_TESTIMONIALS } from '../demo-data.ts';
import { ExampleTag, Section } from './section.tsx';

export function TestimonialsSection() {
  return (
    <Section
      id="testimonials"
      title="What savings can look like"
      intro={
        <>
          Three example stories of the kind of finding Wattwise is built for. They are illustrations, not customer reviews.{' '}
          <ExampleTag>Example testimonials</ExampleTag>
        </>
      }
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {DEMO_TESTIMONIALS.map((t) => (
          <li key={t.name} className="flex flex-col gap-4 rounded-xl border bg-card p-6">
            <QuoteIcon className="size-6 text-brand" aria-hidden />
            <blockquote className="flex-1 text-sm">{t.quote}</blockquote>
            <div className="flex items-end justify-between gap-2">
              <p className="text-sm">
                <span className="font-semibold">{t.name}</span>
                <span className="block text-muted-foreground">
                  {t.role}, {t.place}
                </span>
              </p>
              <p className="text-right text-sm font-semibold text-primary tabular-nums">{t.savings}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
