import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

// The one look of every Wattwise email (docs/design.md tokens: emerald 600 primary, sky 600 links,
// slate 900 text, slate 500 muted, slate 50 card, 12 px radius; Inter with system fallbacks, no
// third-party font host). Inline styles only: mail clients drop stylesheets.

export const brand = {
  primary: '#059669',
  accent: '#0284c7',
  destructive: '#e11d48',
  foreground: '#0f172a',
  muted: '#64748b',
  card: '#f8fafc',
  border: '#e2e8f0',
  radius: '12px',
  font: "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

const text = { color: brand.foreground, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };

export type Footer = {
  /** Why the mail came ('You asked to reset…' or 'You get this because monthly summaries are on.'). */
  reason: string;
  /** The signed unsubscribe page; absent on essential mail (verify, reset, receipts). */
  unsubscribeUrl?: string;
  /** Where the user chooses which mail they get. */
  preferencesUrl?: string;
};

export function EmailLayout(props: { preview: string; heading: string; footer: Footer; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#ffffff', fontFamily: brand.font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '560px', padding: '0 24px' }}>
          <Text style={{ color: brand.primary, fontSize: '20px', fontWeight: 700, margin: '0 0 24px' }}>⚡ Wattwise</Text>
          <Heading as="h1" style={{ color: brand.foreground, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: brand.border, margin: '32px 0 16px' }} />
          <Text style={{ color: brand.muted, fontSize: '12px', lineHeight: '18px', margin: '0 0 8px' }}>{props.footer.reason}</Text>
          {props.footer.preferencesUrl || props.footer.unsubscribeUrl ? (
            <Text style={{ color: brand.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
              {props.footer.preferencesUrl ? (
                <>
                  Choose what reaches your inbox: <Link href={props.footer.preferencesUrl} style={{ color: brand.accent }}>email preferences</Link>.{' '}
                </>
              ) : null}
              {props.footer.unsubscribeUrl ? (
                <>
                  Unsubscribe: <Link href={props.footer.unsubscribeUrl} style={{ color: brand.accent }}>{props.footer.unsubscribeUrl}</Link>
                </>
              ) : null}
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export function P(props: { children: ReactNode }) {
  return <Text style={text}>{props.children}</Text>;
}

/** The main action, with the link written out under it for clients that hide buttons. */
export function Action(props: { href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={props.href} style={{ backgroundColor: brand.primary, borderRadius: brand.radius, color: '#ffffff', fontSize: '15px', fontWeight: 600, padding: '12px 20px' }}>
        {props.label}
      </Button>
      <Text style={{ color: brand.muted, fontSize: '13px', lineHeight: '20px', margin: '12px 0 0' }}>
        Or open this link: <Link href={props.href} style={{ color: brand.accent }}>{props.href}</Link>
      </Text>
    </Section>
  );
}

export type Figure = { label: string; value: string; change?: { text: string; good: boolean } | null };

/** Figure cards (docs/design.md: label above in muted small caps, one big number, change below coloured). */
export function Figures(props: { figures: Figure[] }) {
  return (
    <Section style={{ backgroundColor: brand.card, borderRadius: brand.radius, padding: '8px 16px', margin: '0 0 24px' }}>
      {props.figures.map((f) => (
        <Row key={f.label} style={{ borderBottom: `1px solid ${brand.border}` }}>
          <Column style={{ padding: '10px 0' }}>
            <Text style={{ color: brand.muted, fontSize: '12px', fontVariant: 'small-caps', fontWeight: 600, letterSpacing: '0.02em', margin: 0 }}>{f.label}</Text>
            <Text style={{ color: brand.foreground, fontSize: '20px', fontWeight: 700, fontVariantNumeric: 'tabular-nums', margin: '2px 0 0' }}>{f.value}</Text>
            {f.change ? (
              <Text style={{ color: f.change.good ? brand.primary : brand.destructive, fontSize: '13px', margin: '2px 0 0' }}>{f.change.text}</Text>
            ) : null}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

export function List(props: { items: string[] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {props.items.map((item) => (
        <Text key={item} style={{ ...text, margin: '0 0 8px' }}>
          • {item}
        </Text>
      ))}
    </Section>
  );
}
