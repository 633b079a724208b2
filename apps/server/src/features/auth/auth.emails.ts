import { templateMail } from '../../platform/email-templates/message.ts';
import type { MailMessage } from '../../platform/mail.ts';

// The mail of the auth feature, from the one template system (platform/email-templates).
// Verify and reset are essential: they go whatever the user's email preferences say.

const SOMEONE = 'You received this email because someone used this address on Wattwise. If it was not you, ignore it.';

export function verificationEmail(to: string, name: string, url: string, userId: string | null = null): Promise<MailMessage> {
  return templateMail({ to, userId, template: 'verify', data: { first_name: name, verification_url: url }, reason: SOMEONE });
}

export function resetPasswordEmail(to: string, name: string, url: string, userId: string | null = null): Promise<MailMessage> {
  return templateMail({ to, userId, template: 'reset', data: { first_name: name, reset_url: url }, reason: SOMEONE });
}

/**
 * Sign-up with an address that has an account answers like any sign-up (no enumeration); the
 * owner hears of it here instead, with the way in. Essential: it concerns the account itself.
 */
export function accountExistsEmail(to: string, appUrl: string, userId: string): Promise<MailMessage> {
  return templateMail({
    to,
    userId,
    template: 'account_exists',
    data: { first_name: '', sign_in_url: `${appUrl}/dashboard` },
    reason: SOMEONE,
  });
}

/**
 * Spec 01-core §7 send-email: first_name, welcome_bonus 'Free bill analysis', verification_required.
 * Non-essential: it goes only while the user's product updates are on, with an unsubscribe link.
 */
export function welcomeEmail(to: { email: string; name: string; userId: string }, appUrl: string, unsubscribeToken: string): Promise<MailMessage> {
  return templateMail({
    to: to.email,
    userId: to.userId,
    template: 'welcome',
    data: { first_name: to.name, welcome_bonus: 'Free bill analysis', verification_required: false, preferences: null, action_url: `${appUrl}/bill-upload` },
    reason: 'You received this email because you created a Wattwise account.',
    optional: { category: 'product_updates', unsubscribe: { publicUrl: appUrl, token: unsubscribeToken }, preferencesUrl: `${appUrl}/email-test?tab=preferences` },
  });
}

/**
 * The pricing dialog's sign-up (01-core §3): the account was made from the email alone with a
 * generated password, so the confirmation mail also carries a link to choose one.
 */
export function planSignUpEmail(to: string, verifyUrl: string, setPasswordUrl: string, planName: string): Promise<MailMessage> {
  return templateMail({
    to,
    userId: null,
    template: 'verify',
    data: { first_name: '', verification_url: verifyUrl, set_password_url: setPasswordUrl, plan_name: planName },
    reason: SOMEONE,
  });
}
