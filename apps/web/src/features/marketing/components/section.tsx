import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** A landing section: anchored, titled by its h2, one sentence of purpose, then content. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-20 py-16', className)}>
      <div className="mx-auto w-full max-w-[1200px] px-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-2xl text-muted-foreground">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The small tag beside demo figures (demo-data.ts). */
export function ExampleTag({ children = 'Example' }: { children?: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-dashed px-2 py-0.5 text-xs font-medium text-muted-foreground">
      {children}
    </span>
  );
}
