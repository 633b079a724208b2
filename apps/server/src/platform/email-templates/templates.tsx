import { render } from '@react-email/components';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { Action, EmailLayout, type Figure, Figures, type Footer, List, P } from './layout.tsx';

// Every Wattwise email, from one template system (decision 072): React Email components rendered
// on the server to HTML and a plain-text alternative. The data fields are 02-tools §3 'Email
// template data fields' (snake_case as the spec names them); links are absolute and ours.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const kwh = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const lbs = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

const url = z.url();
const firstName = z.string().max(100);

export const templateDataSchemas = {
  welcome: z.object({
    first_name: firstName,
    welcome_bonus: z.string().nullable(),
    verification_required: z.boolean(),
    /** The Stay Updated sign-up's chosen topics (labels), absent for an account's welcome. */
    preferences: z.array(z.string()).nullable(),
    action_url: url,
  }),
  monthly_summary: z.object({
    first_name: firstName,
    month: z.string(),
    year: z.number().int(),
    total_usage: z.number().nullable(),
    /** Percent against the month before (+12.5 = up 12.5%), null without a month before. */
    usage_change: z.number().nullable(),
    average_cost: z.number().nullable(),
    cost_change: z.number().nullable(),
    peak_usage_time: z.string().nullable(),
    /** Pounds of CO2 (1.2 lbs per kWh, 02-tools §9). */
    carbon_footprint: z.number().nullable(),
    carbon_change: z.number().nullable(),
    saving_tips: z.array(z.string()),
    bill_count: z.number().int().min(0),
    action_url: url,
  }),
  bill_received: z.object({ first_name: firstName, bill_type: z.string(), upload_date: z.string(), expected_processing_time: z.string(), action_url: url }),
  subscription: z.object({
    first_name: firstName,
    plan_name: z.string(),
    amount: z.number(),
    billing_cycle: z.string(),
    start_date: z.string(),
    features: z.array(z.string()),
    action_url: url,
  }),
  savings_report: z.object({
    first_name: firstName,
    period: z.string(),
    total_savings: z.number(),
    comparison_period: z.string(),
    categorized_savings: z.array(z.object({ category: z.string(), amount: z.number() })),
    projected_annual_savings: z.number(),
    action_url: url,
  }),
  payment_receipt: z.object({
    first_name: firstName,
    amount: z.number(),
    date: z.string(),
    payment_method: z.string(),
    plan_name: z.string(),
    next_billing_date: z.string().nullable(),
    invoice_url: url,
  }),
  verify: z.object({ first_name: firstName, verification_url: url, set_password_url: url.nullable().default(null), plan_name: z.string().nullable().default(null) }),
  reset: z.object({ first_name: firstName, reset_url: url }),
  /** Someone signed up with an address that already has an account (sign-up answers the same either way). */
  account_exists: z.object({ first_name: firstName, sign_in_url: url }),
  notification: z.object({ first_name: firstName, title: z.string(), message: z.string(), action_url: url }),
} as const;

export type TemplateId = keyof typeof templateDataSchemas;
export const TEMPLATE_IDS = Object.keys(templateDataSchemas) as TemplateId[];
export type TemplateData<T extends TemplateId> = z.input<(typeof templateDataSchemas)[T]>;

/** Mail every user gets whatever their preferences (decision 073): the account cannot work without it. */
export const ESSENTIAL_TEMPLATES: ReadonlySet<TemplateId> = new Set(['verify', 'reset', 'account_exists', 'payment_receipt', 'subscription']);

const hi = (name: string) => (name ? `Hi ${name},` : 'Hi,');

function change(value: number | null, downIsGood: boolean): Figure['change'] {
  if (value === null) return null;
  if (Math.abs(value) < 0.05) return { text: 'No change from the month before', good: true };
  const up = value > 0;
  return { text: `${up ? '▲' : '▼'} ${Math.abs(value).toFixed(1)}% ${up ? 'more' : 'less'} than the month before`, good: up !== downIsGood };
}

type Rendered = { subject: string; element: ReactElement };

function build(id: TemplateId, raw: unknown, footer: Footer): Rendered {
  switch (id) {
    case 'welcome': {
      const d = templateDataSchemas.welcome.parse(raw);
      return {
        subject: 'Welcome to Wattwise',
        element: (
          <EmailLayout preview="Your first bill analysis is on us." heading="Welcome to Wattwise" footer={footer}>
            <P>{hi(d.first_name)}</P>
            {d.preferences ? (
              <>
                <P>You are signed up for Wattwise updates. We will write to you about:</P>
                <List items={d.preferences} />
              </>
            ) : (
              <P>Your account is ready. Upload a utility bill and we will read it, check it for billing errors and look for savings.</P>
            )}
            {d.welcome_bonus ? <P>Your welcome bonus: {d.welcome_bonus}.</P> : null}
            {d.verification_required ? <P>Confirm your email address with the link we sent separately to start using your account.</P> : null}
            <Action href={d.action_url} label={d.preferences ? 'Find your savings' : 'Upload a bill'} />
          </EmailLayout>
        ),
      };
    }
    case 'monthly_summary': {
      const d = templateDataSchemas.monthly_summary.parse(raw);
      const figures: Figure[] = [
        { label: 'Total usage', value: d.total_usage === null ? 'Not on your bills' : `${kwh.format(d.total_usage)} kWh`, change: change(d.usage_change, true) },
        { label: 'Average bill', value: d.average_cost === null ? 'No amount read' : money.format(d.average_cost), change: change(d.cost_change, true) },
        { label: 'Carbon footprint', value: d.carbon_footprint === null ? 'Not on your bills' : `${lbs.format(d.carbon_footprint)} lbs CO₂`, change: change(d.carbon_change, true) },
        { label: 'Peak usage time', value: d.peak_usage_time ?? 'Connect a meter or smart device to see it' },
      ];
      return {
        subject: `Your Wattwise summary for ${d.month} ${d.year}`,
        element: (
          <EmailLayout preview={`${d.bill_count} bill${d.bill_count === 1 ? '' : 's'} in ${d.month} ${d.year}`} heading={`Your ${d.month} ${d.year} summary`} footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>
              Here is what your {d.bill_count} {d.bill_count === 1 ? 'bill' : 'bills'} for {d.month} {d.year} {d.bill_count === 1 ? 'says' : 'say'}.
            </P>
            <Figures figures={figures} />
            {d.saving_tips.length > 0 ? (
              <>
                <P>Ways to save this month:</P>
                <List items={d.saving_tips} />
              </>
            ) : null}
            <Action href={d.action_url} label="Open your dashboard" />
          </EmailLayout>
        ),
      };
    }
    case 'bill_received': {
      const d = templateDataSchemas.bill_received.parse(raw);
      return {
        subject: `We received your ${d.bill_type} bill`,
        element: (
          <EmailLayout preview={`Ready in about ${d.expected_processing_time}`} heading="Bill received" footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>
              Your {d.bill_type} bill uploaded on {d.upload_date} is being read. It usually takes {d.expected_processing_time}; we will let you know when the analysis is ready.
            </P>
            <Action href={d.action_url} label="Follow its progress" />
          </EmailLayout>
        ),
      };
    }
    case 'subscription': {
      const d = templateDataSchemas.subscription.parse(raw);
      return {
        subject: `Your Wattwise ${d.plan_name} plan is active`,
        element: (
          <EmailLayout preview={`${money.format(d.amount)} ${d.billing_cycle}`} heading={`Welcome to ${d.plan_name}`} footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>
              Your {d.plan_name} plan started on {d.start_date}: {money.format(d.amount)}, billed {d.billing_cycle}.
            </P>
            <P>What you get:</P>
            <List items={d.features} />
            <Action href={d.action_url} label="Manage your plan" />
          </EmailLayout>
        ),
      };
    }
    case 'savings_report': {
      const d = templateDataSchemas.savings_report.parse(raw);
      return {
        subject: `Your Wattwise savings report: ${d.period}`,
        element: (
          <EmailLayout preview={`${money.format(d.total_savings)} saved`} heading={`Savings report: ${d.period}`} footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>
              Compared with {d.comparison_period}, you saved {money.format(d.total_savings)}.
            </P>
            <Figures
              figures={[
                ...d.categorized_savings.map((c) => ({ label: c.category, value: money.format(c.amount) })),
                { label: 'Projected annual savings', value: money.format(d.projected_annual_savings) },
              ]}
            />
            <Action href={d.action_url} label="See where it came from" />
          </EmailLayout>
        ),
      };
    }
    case 'payment_receipt': {
      const d = templateDataSchemas.payment_receipt.parse(raw);
      return {
        subject: `Your Wattwise receipt: ${money.format(d.amount)}`,
        element: (
          <EmailLayout preview={`${money.format(d.amount)} paid on ${d.date}`} heading="Payment receipt" footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>Thank you. We received your payment.</P>
            <Figures
              figures={[
                { label: 'Amount', value: money.format(d.amount) },
                { label: 'Date', value: d.date },
                { label: 'Paid with', value: d.payment_method },
                { label: 'For', value: d.plan_name },
                ...(d.next_billing_date ? [{ label: 'Next billing date', value: d.next_billing_date }] : []),
              ]}
            />
            <Action href={d.invoice_url} label="Download the receipt" />
          </EmailLayout>
        ),
      };
    }
    case 'verify': {
      const d = templateDataSchemas.verify.parse(raw);
      return {
        subject: 'Confirm your email for Wattwise',
        element: (
          <EmailLayout preview="One click to finish creating your account" heading="Confirm your email" footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>{d.plan_name ? `Your Wattwise account is ready on the ${d.plan_name} plan. Confirm your email address:` : 'Confirm your email address to finish creating your Wattwise account.'}</P>
            <Action href={d.verification_url} label="Confirm email" />
            {d.set_password_url ? (
              <>
                <P>We created your account from your email alone. Set your password to sign in again later (the link works for 24 hours):</P>
                <Action href={d.set_password_url} label="Set your password" />
              </>
            ) : null}
          </EmailLayout>
        ),
      };
    }
    case 'reset': {
      const d = templateDataSchemas.reset.parse(raw);
      return {
        subject: 'Reset your Wattwise password',
        element: (
          <EmailLayout preview="The link works for one hour" heading="Reset your password" footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>Someone asked to reset the password of your Wattwise account. The link works for one hour.</P>
            <Action href={d.reset_url} label="Reset password" />
          </EmailLayout>
        ),
      };
    }
    case 'account_exists': {
      const d = templateDataSchemas.account_exists.parse(raw);
      return {
        subject: 'You already have a Wattwise account',
        element: (
          <EmailLayout preview="Sign in, or reset your password" heading="You already have an account" footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>Someone tried to create a Wattwise account with this address, which already has one. If it was you, sign in instead; if you forgot your password, choose &quot;Forgot password?&quot; in the sign-in dialog.</P>
            <Action href={d.sign_in_url} label="Sign in" />
            <P>If it was not you, you can ignore this email: nothing changed on your account.</P>
          </EmailLayout>
        ),
      };
    }
    case 'notification': {
      const d = templateDataSchemas.notification.parse(raw);
      return {
        subject: d.title,
        element: (
          <EmailLayout preview={d.message.slice(0, 90)} heading={d.title} footer={footer}>
            <P>{hi(d.first_name)}</P>
            <P>{d.message}</P>
            <Action href={d.action_url} label="View details" />
          </EmailLayout>
        ),
      };
    }
  }
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** Renders one template to its subject, HTML and plain-text alternative. Throws on invalid data. */
export async function renderEmail<T extends TemplateId>(id: T, data: TemplateData<T>, footer: Footer): Promise<RenderedEmail> {
  const { subject, element } = build(id, data, footer);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
