import { ArrowRightIcon, UploadIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { HERO_STATS } from '../demo-data.ts';

/** The first screen: what Wattwise does, the two ways in, and the three stat cards (01-core §2). */
export function HeroSection({ isAuthenticated, onSignUp }: { isAuthenticated: boolean; onSignUp: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="border-b bg-gradient-to-b from-primary/10 to-background">
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-14 sm:px-6 md:py-20">
        <div className="grid gap-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Utility bill analysis</p>
          <h1 id="hero-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
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
              <Button size="lg" onClick={onSignUp}>
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
        <ul aria-label="Wattwise at a glance" className="grid gap-4 sm:grid-cols-3">
          {HERO_STATS.map((stat) => (
            <li key={stat.label} className="rounded-xl border bg-card p-6 shadow-sm">
              <p className="text-sm font-medium text-muted-foreground">{stat.label}</p>
              <p className="mt-1 text-3xl font-bold tracking-tight text-primary tabular-nums">{stat.value}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
