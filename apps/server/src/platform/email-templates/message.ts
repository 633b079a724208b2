import type { EmailPreferenceKey } from '@wattwise/shared/contract/email';
import type { MailMessage } from '../mail.ts';
import { ESSENTIAL_TEMPLATES, renderEmail, type TemplateData, type TemplateId } from './templates.tsx';

export { ESSENTIAL_TEMPLATES, renderEmail, TEMPLATE_IDS, type TemplateData, type TemplateId } from './templates.tsx';

/** Where a non-essential mail's unsubscribe links point (the signed token of platform/unsubscribe-token.ts). */
export type UnsubscribeLinks = { publicUrl: string; token: string };

export type TemplateMailInput<T extends TemplateId> = {
  to: string;
  userId: string | null;
  template: T;
  data: TemplateData<T>;
  /** Why the recipient gets it (the footer's first line). */
  reason: string;
  /** Non-essential mail: the preference flag it needs, and its unsubscribe links. */
  optional?: { category: EmailPreferenceKey | null; unsubscribe: UnsubscribeLinks; preferencesUrl?: string };
  attachments?: MailMessage['attachments'];
};

/**
 * A template rendered into a queued message: HTML and plain text, and for non-essential mail the
 * signed unsubscribe link in the footer plus `List-Unsubscribe` / `List-Unsubscribe-Post`
 * (RFC 8058 one-click) headers. `meta` tells the send job what to check and record.
 */
export async function templateMail<T extends TemplateId>(input: TemplateMailInput<T>): Promise<MailMessage> {
  const optional = input.optional;
  const token = optional ? encodeURIComponent(optional.unsubscribe.token) : '';
  const unsubscribeUrl = optional ? new URL(`/unsubscribe?token=${token}`, optional.unsubscribe.publicUrl).toString() : undefined;
  const oneClick = optional ? new URL(`/api/notifications/unsubscribe?token=${token}`, optional.unsubscribe.publicUrl).toString() : undefined;
  const rendered = await renderEmail(input.template, input.data, { reason: input.reason, unsubscribeUrl, preferencesUrl: optional?.preferencesUrl });
  return {
    to: input.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    ...(input.attachments ? { attachments: input.attachments } : {}),
    ...(oneClick ? { headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    meta: { template: input.template, userId: input.userId, essential: !optional || ESSENTIAL_TEMPLATES.has(input.template), category: optional?.category ?? null },
  };
}
