import type { MailMessage } from '../../platform/mail.ts';

// The mail templates of the auth feature. Values from users are escaped; links are ours.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#047857">Wattwise</h1><h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}
<p style="color:#64748b;font-size:12px;margin-top:32px">You received this email because someone used this address on Wattwise. If it was not you, ignore it.</p>
</body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#047857;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:13px">Or open this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  return {
    to,
    subject: 'Confirm your email for Wattwise',
    html: layout('Confirm your email', `<p>${escapeHtml(greeting)}</p><p>Confirm your email address to finish creating your Wattwise account.</p>${button(url, 'Confirm email')}`),
    text: `${greeting}\n\nConfirm your email address to finish creating your Wattwise account:\n${url}\n`,
  };
}

export function resetPasswordEmail(to: string, name: string, url: string): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  return {
    to,
    subject: 'Reset your Wattwise password',
    html: layout('Reset your password', `<p>${escapeHtml(greeting)}</p><p>Someone asked to reset the password of your Wattwise account. The link works for one hour.</p>${button(url, 'Reset password')}`),
    text: `${greeting}\n\nSomeone asked to reset the password of your Wattwise account. The link works for one hour:\n${url}\n`,
  };
}

export function welcomeEmail(to: string, name: string, appUrl: string): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const uploadUrl = `${appUrl}/bill-upload`;
  return {
    to,
    subject: 'Welcome to Wattwise',
    html: layout(
      'Welcome to Wattwise',
      `<p>${escapeHtml(greeting)}</p><p>Your email is confirmed. Your welcome bonus: a free bill analysis. Upload a utility bill and we will read it, check it for billing errors and look for savings.</p>${button(uploadUrl, 'Upload a bill')}`,
    ),
    text: `${greeting}\n\nYour email is confirmed. Your welcome bonus: a free bill analysis. Upload a utility bill:\n${uploadUrl}\n`,
  };
}

/**
 * The pricing dialog's sign-up (01-core §3): the account was made from the email alone with a
 * generated password, so the confirmation mail also carries a link to choose one.
 */
export function planSignUpEmail(to: string, verifyUrl: string, setPasswordUrl: string, planName: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email for Wattwise',
    html: layout(
      'Confirm your email',
      `<p>Hi,</p><p>Your Wattwise account is ready on the ${escapeHtml(planName)} plan. Confirm your email address:</p>${button(verifyUrl, 'Confirm email')}<p>We created your account from your email alone. Set your password to sign in again later (the link works for 24 hours):</p>${button(setPasswordUrl, 'Set your password')}`,
    ),
    text: `Hi,\n\nYour Wattwise account is ready on the ${planName} plan. Confirm your email address:\n${verifyUrl}\n\nWe created your account from your email alone. Set your password to sign in again later (the link works for 24 hours):\n${setPasswordUrl}\n`,
  };
}
