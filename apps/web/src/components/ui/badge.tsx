import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/utils.ts';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        // Soft variants darken the token for text in light mode so it keeps 4.5:1 on its tint.
        success: 'border-primary/30 bg-primary/10 text-[color-mix(in_oklab,var(--primary)_70%,black)] dark:text-primary',
        info: 'border-accent/30 bg-accent/10 text-[color-mix(in_oklab,var(--accent)_75%,black)] dark:text-accent',
        warning: 'border-warning/40 bg-warning/15 text-foreground',
        destructive: 'border-destructive/30 bg-destructive/10 text-[color-mix(in_oklab,var(--destructive)_70%,black)] dark:text-destructive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
