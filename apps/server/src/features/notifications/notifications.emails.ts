import type { Notification } from '@wattwise/shared/contract/notifications';
import type { MailMessage } from '../../platform/mail.ts';

// The email copy of an in-app notification. Values are escaped; links are ours.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The email copy of a notification, with a signed one-click unsubscribe (List-Unsubscribe and
 * List-Unsubscribe-Post headers, RFC 8058) and the same link in the footer.
 */
export function notificationEmail(to: { email: string; name: string }, notification: Notification, publicUrl: string, unsubscribeToken: string): MailMessage {
  const unsubscribePage = new URL(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, publicUrl).toString();
  const oneClick = new URL(`/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, publicUrl).toString();
  const link = new URL(notification.action_url ?? '/notifications', publicUrl).toString();
  const settings = new URL('/notifications?filter=preferences', publicUrl).toString();
  const greeting = to.name ? `Hi ${to.name},` : 'Hi,';
  return {
    to: to.email,
    subject: notification.title,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#047857">Wattwise</h1><h2 style="font-size:18px">${escapeHtml(notification.title)}</h2>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(notification.message)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#047857;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">View details</a></p>
<p style="color:#64748b;font-size:12px;margin-top:32px">You can choose which alerts reach your inbox in your <a href="${escapeHtml(settings)}">notification preferences</a>, or <a href="${escapeHtml(unsubscribePage)}">unsubscribe</a> from notification emails.</p>
</body></html>`,
    text: `${greeting}\n\n${notification.title}\n\n${notification.message}\n\nView details: ${link}\n\nChoose which alerts reach your inbox: ${settings}\nUnsubscribe from notification emails: ${unsubscribePage}\n`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
