import { FileSearchIcon, PiggyBankIcon, UploadIcon } from 'lucide-react';

/** The three steps of 01-core §2 (upload, AI analysis, get savings). */
export const STEPS = [
  {
    title: 'Upload',
    text: 'A PDF or a photo of any electricity, gas, water or internet bill: PDF, JPEG, PNG or HEIC, up to 10 MB.',
    Icon: UploadIcon,
  },
  {
    title: 'AI Analysis',
    text: 'Wattwise reads the bill, checks that the charges add up and compares your usage with your earlier bills.',
    Icon: FileSearchIcon,
  },
  {
    title: 'Get Savings',
    text: 'Recommendations, rebates and better rates, each with what it is worth to you and what it takes.',
    Icon: PiggyBankIcon,
  },
] as const;

export function HowItWorksSteps({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="grid gap-4 md:grid-cols-3">
      {STEPS.map(({ title, text, Icon }, index) => (
        <li key={title} className="flex gap-4 rounded-xl border bg-card p-6">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-brand">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <Heading className="font-semibold">
              <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {title}
            </Heading>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
