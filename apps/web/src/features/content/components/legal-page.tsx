import { Link } from 'react-router';
import { BackButton } from '@/components/ui/back-button.tsx';
import { usePublicConfig } from '@/lib/public-config.ts';
import { UNKNOWN_SECURITY } from '@/lib/trust.ts';
import type { LegalDocument } from '../types.ts';

/** A dated legal or policy page in anchored sections (02-tools §2.19); the terms add a side table of contents and Back. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const config = usePublicConfig();
  const { title, dated, intro, withTableOfContents } = document;
  const sections = document.sectionsFor ? document.sectionsFor(config.data?.security ?? UNKNOWN_SECURITY) : document.sections;
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-8 px-4 py-12 sm:px-6">
      <header className="grid gap-2">
        {withTableOfContents ? <BackButton className="justify-self-start" /> : null}
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{dated}</p>
        <p className="max-w-2xl text-muted-foreground">{intro}</p>
      </header>
      <div className={withTableOfContents ? 'grid gap-8 md:grid-cols-[16rem_1fr]' : 'grid'}>
        {withTableOfContents ? (
          <nav aria-label="Table of contents" className="md:sticky md:top-20 md:self-start">
            <h2 className="mb-2 text-sm font-semibold">Contents</h2>
            <ol className="grid gap-0.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="inline-flex min-h-9 items-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="grid max-w-3xl gap-8">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-20">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold">
                {withTableOfContents ? `${index + 1}. ` : ''}
                {section.title}
              </h2>
              {section.paragraphs.map((text) => (
                <p key={text} className="mt-2 leading-relaxed">
                  {text}
                </p>
              ))}
              {section.links?.length ? (
                <p className="mt-2 flex flex-wrap gap-x-4">
                  {section.links.map((link) => (
                    <Link key={link.to} to={link.to} className="text-accent underline underline-offset-4">
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
