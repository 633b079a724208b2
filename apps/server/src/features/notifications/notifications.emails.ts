import type { Notification } from '@wattwise/shared/contract/notifications';
import { templateMail } from '../../platform/email-templates/message.ts';
import type { MailMessage } from '../../platform/mail.ts';

/**
 * The email copy of an in-app notification, from the one template system: a billing
 * notification (decision 073), with a signed one-click unsubscribe (List-Unsubscribe and
 * List-Unsubscribe-Post headers, RFC 8058) and the same link in the footer.
 */
export function notificationEmail(to: { email: string; name: string; userId: string }, notification: Notification, publicUrl: string, unsubscribeToken: string): Promise<MailMessage> {
  return templateMail({
    to: to.email,
    userId: to.userId,
    template: 'notification',
    data: { first_name: to.name, title: notification.title, message: notification.message, action_url: new URL(notification.action_url ?? '/notifications', publicUrl).toString() },
    reason: 'You get this because email notifications are on for your Wattwise account.',
    optional: {
      category: 'billing_notifications',
      unsubscribe: { publicUrl, token: unsubscribeToken },
      preferencesUrl: new URL('/notifications?filter=preferences', publicUrl).toString(),
    },
  });
}
