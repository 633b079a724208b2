import type { InstallSecurity } from '@/lib/trust.ts';

/** A legal or policy page: dated, in anchored sections (02-tools §2.19). Text is ours, written for Wattwise. */
export interface LegalSection {
  /** The anchor (`/terms-of-service#liability`). */
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** Pages this section refers to, shown as links after its text. */
  links?: readonly { to: string; label: string }[];
}

export interface LegalDocument {
  title: string;
  /** 'Last updated April 15, 2024', as the spec dates each page. */
  dated: string;
  intro: string;
  sections: readonly LegalSection[];
  /** Terms of Service: a side table of contents and a Back button (02-tools §2.19). */
  withTableOfContents?: boolean;
  /** Sections whose text depends on this installation (https, encryption, the operator's statement), used instead of `sections`. */
  sectionsFor?: (security: InstallSecurity) => readonly LegalSection[];
}
