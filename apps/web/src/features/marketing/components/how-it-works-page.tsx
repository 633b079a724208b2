import { UploadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { HowItWorksSteps } from './how-it-works-steps.tsx';
import { LiveDemoSection } from './live-demo-section.tsx';

/** /how-it-works (02-tools §2.1): the three steps, what happens in each, and the live demo. */
export function HowItWorksPage() {
  return (
    <>
      <div className="mx-auto grid w-full max-w-[1200px] gap-8 px-4 pt-12 sm:px-6">
        <header className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">How It Works</h1>
          <p className="max-w-2xl text-muted-foreground">From the bill you already have to the savings in it, in three steps.</p>
        </header>
        <HowItWorksSteps headingLevel={2} />
        <div className="grid gap-3 rounded-xl border bg-card p-6 text-sm">
          <h2 className="text-base font-semibold">What happens to your bill</h2>
          <p>
            Wattwise reads the text of a PDF, or the picture of a scan or photo, and finds the provider, account, amount due,
            service period, due date, usage and charges. Rules read most bills without any AI; an AI model checks only what the
            rules are unsure of. You can correct any value, and the next bill from the same provider is read better for it.
          </p>
          <p>
            The analysis compares the bill with your earlier ones: usage and cost by month, charges that do not add up, readings
            that jump, and recommendations with their estimated savings.
          </p>
        </div>
        <Button asChild className="justify-self-start">
          <Link to="/bill-upload">
            <UploadIcon aria-hidden />
            Upload a Bill
          </Link>
        </Button>
      </div>
      <LiveDemoSection />
    </>
  );
}
