import type { MailMessage } from '../../lib/mail';

/** What every account e-mail needs to know: the product's name and the app's public address. */
export interface MailBrand {
  productName: string;
  publicUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Absolute link on the app (PUBLIC_URL), e.g. appLink(brand, '/login'). */
export function appLink(brand: MailBrand, path: string): string {
  return new URL(path, brand.publicUrl).toString();
}

/** One layout for all account mail: greeting, paragraphs, an optional button link, a sign-off. */
function compose(
  brand: MailBrand,
  to: string,
  subject: string,
  greetingName: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailMessage {
  const sign = `The ${brand.productName} team`;
  const text = [
    `Hello ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    sign,
    brand.publicUrl,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">',
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>` +
        `<p style="font-size:12px;color:#666">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>`
      : '',
    `<p>${escapeHtml(sign)}<br><a href="${escapeHtml(brand.publicUrl)}">${escapeHtml(brand.publicUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: `${brand.productName}: ${subject}`, text, html };
}

export function resetPasswordMail(
  brand: MailBrand,
  to: string,
  name: string,
  url: string,
  validMinutes: number,
) {
  return compose(
    brand,
    to,
    'Reset your password',
    name,
    [
      `We received a request to reset the password of your ${brand.productName} account.`,
      `Use the link below to choose a new password. The link works once and expires in ${validMinutes} minutes.`,
      'If you did not ask for this, you can ignore this email: your password stays unchanged.',
    ],
    { label: 'Reset your password', url },
  );
}

export function adminResetPasswordMail(
  brand: MailBrand,
  to: string,
  name: string,
  url: string,
  validMinutes: number,
) {
  return compose(
    brand,
    to,
    'Please set a new password',
    name,
    [
      `An administrator has reset the password of your ${brand.productName} account. You have been signed out.`,
      `Use the link below to choose a new password. The link works once and expires in ${validMinutes} minutes; after that, use "Forgot Your Password" on the sign-in page.`,
    ],
    { label: 'Set a new password', url },
  );
}

export function invitationMail(brand: MailBrand, to: string, name: string, url: string, validDays: number) {
  return compose(
    brand,
    to,
    'Your account is ready',
    name,
    [
      `An administrator has created a ${brand.productName} account for you with the user name ${to}.`,
      `Use the link below to choose your password, then sign in. The link works once and expires in ${validDays} days.`,
    ],
    { label: 'Choose your password', url },
  );
}

export function registrationNoticeMail(
  brand: MailBrand,
  to: string,
  adminName: string,
  applicant: { firstName: string; lastName: string; email: string; company: string },
) {
  return compose(
    brand,
    to,
    'New registration awaiting approval',
    adminName,
    [
      `${applicant.firstName} ${applicant.lastName} (${applicant.email}) of ${applicant.company} has registered for ${brand.productName}.`,
      'Please approve or deny the registration in User Admin.',
    ],
    { label: 'Open User Admin', url: appLink(brand, '/users/all') },
  );
}

export function approvedMail(brand: MailBrand, to: string, name: string) {
  return compose(
    brand,
    to,
    'Your account has been approved',
    name,
    [
      `Your ${brand.productName} registration has been approved. You can now sign in with your email address (${to}) and the password you chose when registering.`,
    ],
    { label: 'Sign in', url: appLink(brand, '/login') },
  );
}

export function deniedMail(brand: MailBrand, to: string, name: string) {
  return compose(brand, to, 'Your registration was not approved', name, [
    `We are sorry: your ${brand.productName} registration was not approved, so you are not able to access the product.`,
    'If you think this is a mistake, please contact your distributor or the provider.',
  ]);
}
