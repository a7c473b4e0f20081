import type { MailMessage } from '../../lib/mail';
import {
  DEFAULT_TEMPLATE_TEXTS,
  renderTemplate,
  type TemplateSymbol,
  type TemplateTexts,
} from '../../shared/template-definitions';

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

/** The mails whose texts are templates `mail.<kind>.subject`, `.body` and (with a link) `.action`. */
type MailKind =
  'resetPassword' | 'adminResetPassword' | 'invitation' | 'registrationNotice' | 'approved' | 'denied';

/**
 * One layout for all account mail: greeting, paragraphs, an optional button link, a sign-off. The words come from
 * the templates (ADR 016); values are plain text, and the HTML part escapes everything rendered.
 */
function compose(
  brand: MailBrand,
  texts: TemplateTexts,
  kind: MailKind,
  to: string,
  greetingName: string,
  extra: Record<string, string | number>,
  linkUrl?: string,
): MailMessage {
  const values = {
    productName: brand.productName,
    publicUrl: brand.publicUrl,
    name: greetingName,
    email: to,
    ...extra,
  };
  const render = (symbol: TemplateSymbol) => renderTemplate(texts[symbol], values).trim();
  const subject = render(`mail.${kind}.subject` as TemplateSymbol);
  const paragraphs = render(`mail.${kind}.body` as TemplateSymbol)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const link =
    linkUrl !== undefined
      ? { label: render(`mail.${kind}.action` as TemplateSymbol), url: linkUrl }
      : undefined;
  const greeting = render('mail.greeting');
  const sign = render('mail.signature');
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    sign,
    brand.publicUrl,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
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
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(brand, texts, 'resetPassword', to, name, { validMinutes }, url);
}

export function adminResetPasswordMail(
  brand: MailBrand,
  to: string,
  name: string,
  url: string,
  validMinutes: number,
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(brand, texts, 'adminResetPassword', to, name, { validMinutes }, url);
}

export function invitationMail(
  brand: MailBrand,
  to: string,
  name: string,
  url: string,
  validDays: number,
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(brand, texts, 'invitation', to, name, { validDays }, url);
}

export function registrationNoticeMail(
  brand: MailBrand,
  to: string,
  adminName: string,
  applicant: { firstName: string; lastName: string; email: string; company: string },
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(
    brand,
    texts,
    'registrationNotice',
    to,
    adminName,
    {
      applicantName: `${applicant.firstName} ${applicant.lastName}`,
      applicantEmail: applicant.email,
      applicantCompany: applicant.company,
    },
    appLink(brand, '/users/all'),
  );
}

export function approvedMail(
  brand: MailBrand,
  to: string,
  name: string,
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(brand, texts, 'approved', to, name, {}, appLink(brand, '/login'));
}

export function deniedMail(
  brand: MailBrand,
  to: string,
  name: string,
  texts: TemplateTexts = DEFAULT_TEMPLATE_TEXTS,
) {
  return compose(brand, texts, 'denied', to, name, {});
}
