import { ArrowRightIcon, FileSearchIcon, GaugeIcon, LandmarkIcon, PiggyBankIcon, ReceiptIcon, ScaleIcon, UploadIcon, ZapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAuthDialog } from '@/features/auth/auth-dialog-context.ts';
import { useAuth } from '@/hooks/use-auth.ts';

/** What the product does (01-core §1), one card each. */
const FEATURES = [
  { title: 'Reads your bill', text: 'Upload a PDF or a photo. Provider, account, amount, service period and due date are read off it for you.', Icon: FileSearchIcon },
  { title: 'Catches billing errors', text: 'Charges that do not add up and readings that jump are flagged so you can question them.', Icon: ReceiptIcon },
  { title: 'Explains your usage', text: 'See peak times, base load and how the weather moved your bill, month by month.', Icon: GaugeIcon },
  { title: 'Compares rates', text: 'Find out whether your plan still fits how you use energy, and what switching would change.', Icon: ScaleIcon },
  { title: 'Finds rebates', text: 'Programmes for heat pumps, solar, thermostats and more, matched to your area and property.', Icon: LandmarkIcon },
  { title: 'Practical savings tips', text: 'Concrete steps with estimated savings, effort and payback, for homes and small businesses.', Icon: ZapIcon },
];

/** The three steps of 01-core §2 (how it works). */
const STEPS = [
  { title: 'Upload', text: 'A PDF or a photo of any electricity, gas, water or internet bill.', Icon: UploadIcon },
  { title: 'Analysis', text: 'Wattwise reads the bill and checks the charges and your usage.', Icon: FileSearchIcon },
  { title: 'Get savings', text: 'Recommendations, rebates and better rates, with what each is worth.', Icon: PiggyBankIcon },
];

export function LandingRoute() {
  const { isAuthenticated } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto grid max-w-[1200px] items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.5fr_1fr]">
          <div className="grid gap-6">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Utility bill analysis</p>
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Pay less for energy, water and internet — starting with the bill you already have.
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Upload a utility bill and Wattwise reads it, spots billing errors and unusual usage, and shows the savings and
              rebates that fit your home or business. Save $100 or more a year on a paid plan, or get your money back.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {isAuthenticated ? (
                <Button size="lg" asChild>
                  <Link to="/dashboard">
                    Go to Dashboard
                    <ArrowRightIcon aria-hidden />
                  </Link>
                </Button>
              ) : (
                <Button size="lg" onClick={() => openAuthDialog('signup')}>
                  Sign Up Free
                  <ArrowRightIcon aria-hidden />
                </Button>
              )}
              <Button size="lg" variant="outline" asChild>
                <Link to="/bill-upload">
                  <UploadIcon aria-hidden />
                  Upload a Bill
                </Link>
              </Button>
            </div>
          </div>
          <ol aria-label="How it works" className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm">
            {STEPS.map(({ title, text, Icon }, index) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-brand">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="font-semibold">
                    <span className="text-muted-foreground tabular-nums">{index + 1}.</span> {title}
                  </p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="mx-auto w-full max-w-[1200px] px-4 py-16 sm:px-6">
        <h2 id="features-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          What Wattwise does with your bill
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          One upload gives you a clear picture of what you pay for and where you can pay less.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-lg border bg-card p-6">
              <Icon className="size-6 text-brand" aria-hidden />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
