import { MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ContactForm } from '@/features/support/components/contact-form.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { telHref, useOperator } from '@/lib/public-config.ts';

/** /contact (01-core §2): the info card and the form. */
export function ContactPage() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const operator = useOperator();
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Contact Us</h1>
      <p className="mt-1 text-muted-foreground">Questions about your bills, savings or account? Write to us and we will answer.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Get in touch</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 text-sm">
            {!operator ? (
              <Skeleton className="h-24 w-full" />
            ) : (
              <>
                <p className="flex items-start gap-3">
                  <MailIcon className="mt-0.5 size-4 text-primary" aria-hidden />
                  <a className="text-accent underline" href={`mailto:${operator.supportEmail}`}>
                    {operator.supportEmail}
                  </a>
                </p>
                {operator.phone && (
                  <p className="flex items-start gap-3">
                    <PhoneIcon className="mt-0.5 size-4 text-primary" aria-hidden />
                    <a className="text-accent underline" href={telHref(operator.phone)}>
                      {operator.phone}
                    </a>
                  </p>
                )}
                {operator.address.length > 0 && (
                  <address className="flex items-start gap-3 not-italic">
                    <MapPinIcon className="mt-0.5 size-4 text-primary" aria-hidden />
                    <span>
                      {operator.address.map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))}
                    </span>
                  </address>
                )}
                <p className="text-muted-foreground">Support hours: {operator.hours}</p>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            {!isLoading && <ContactForm key={user?.id ?? 'visitor'} isSignedIn={isAuthenticated} defaults={user ? { name: user.name ?? '', email: user.email } : undefined} />}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
