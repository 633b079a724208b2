import { ChevronDownIcon, MailIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { telHref, useOperator } from '@/lib/public-config.ts';
import { FAQ_GROUPS } from '../faq.ts';

/** /faq (02-tools §2.19): seven groups of single-open collapsibles, then the contact options. */
export function FaqPage() {
  const operator = useOperator();
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-10 px-4 py-12 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Frequently Asked Questions</h1>
        <p className="max-w-2xl text-muted-foreground">Quick answers about Wattwise. Cannot find yours? Contact us below.</p>
      </header>
      {/* One item open at a time across the whole page (single-open collapsibles). */}
      <Accordion.Root type="single" collapsible className="grid max-w-3xl gap-8">
        {FAQ_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h2 className="mb-2 text-xl font-semibold">{group.title}</h2>
            <div className="divide-y rounded-xl border bg-card">
              {group.items.map((item) => (
                <Accordion.Item key={item.question} value={item.question}>
                  <Accordion.Header asChild>
                    <h3>
                      <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">
                        {item.question}
                        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                      </Accordion.Trigger>
                    </h3>
                  </Accordion.Header>
                  <Accordion.Content className="px-4 pb-4 text-sm text-muted-foreground">{item.answer}</Accordion.Content>
                </Accordion.Item>
              ))}
            </div>
          </section>
        ))}
      </Accordion.Root>
      <section aria-labelledby="contact-options" className="grid max-w-3xl gap-3">
        <h2 id="contact-options" className="text-xl font-semibold">
          Still have questions?
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <li className="rounded-xl border bg-card p-4">
            <MailIcon className="size-5 text-brand" aria-hidden />
            <p className="mt-2 font-medium">Email</p>
            {operator && (
              <a href={`mailto:${operator.supportEmail}`} className="text-sm text-accent underline underline-offset-4">
                {operator.supportEmail}
              </a>
            )}
          </li>
          {operator?.phone && (
            <li className="rounded-xl border bg-card p-4">
              <PhoneIcon className="size-5 text-brand" aria-hidden />
              <p className="mt-2 font-medium">Phone</p>
              <a href={telHref(operator.phone)} className="text-sm text-accent underline underline-offset-4">
                {operator.phone}
              </a>
            </li>
          )}
          <li className="rounded-xl border bg-card p-4">
            <MessageCircleIcon className="size-5 text-brand" aria-hidden />
            <p className="mt-2 font-medium">Contact form</p>
            <p className="text-sm text-muted-foreground">
              <a href="/contact" className="text-accent underline underline-offset-4">
                Write to us
              </a>
              {operator && <> · answered during business hours: {operator.hours}</>}
            </p>
          </li>
        </ul>
      </section>
    </div>
  );
}
