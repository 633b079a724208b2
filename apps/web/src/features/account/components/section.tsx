import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ApiError } from '@/lib/api-client.ts';

/** One card of the settings page, with a heading screen readers can jump to. */
export function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** What to tell the user about a failed call: the server's message when it sent one. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
