import {
  CONTENT_MESSAGES,
  TEMPLATE_PLACEHOLDER,
  TEMPLATE_SYMBOLS,
  type TemplateSymbol,
} from '@sealplan/contracts';

/**
 * ADR 016: the texts the server writes (account e-mails, document header and footer, the system notice) are
 * templates an administrator edits (spec §3 template: Symbol, Model, View). Each Symbol names one place; its View
 * may use only the placeholders listed here ({{name}}), so a typo is refused at save rather than mailed. Values are
 * inserted as plain text: the HTML mail and the documents escape the whole rendered text, so no value (a user's
 * name, a company) can inject markup. The defaults below are the seed and the fallback when a row is missing.
 */

const MAIL_COMMON = ['productName', 'publicUrl', 'name', 'email'] as const;

interface TemplateDefinition {
  model: 'Email' | 'Document' | 'Notice';
  description: string;
  placeholders: readonly string[];
  view: string;
}

export const TEMPLATE_DEFINITIONS = {
  'mail.greeting': {
    model: 'Email',
    description: 'First line of every account e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Hello {{name}},',
  },
  'mail.signature': {
    model: 'Email',
    description: 'Sign-off of every account e-mail (the app address follows it).',
    placeholders: MAIL_COMMON,
    view: 'The {{productName}} team',
  },
  'mail.resetPassword.subject': {
    model: 'Email',
    description: 'Subject of the forgot-password e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Reset your password',
  },
  'mail.resetPassword.body': {
    model: 'Email',
    description: 'Text of the forgot-password e-mail; paragraphs are separated by a blank line.',
    placeholders: [...MAIL_COMMON, 'validMinutes'],
    view: [
      'We received a request to reset the password of your {{productName}} account.',
      'Use the link below to choose a new password. The link works once and expires in {{validMinutes}} minutes.',
      'If you did not ask for this, you can ignore this email: your password stays unchanged.',
    ].join('\n\n'),
  },
  'mail.resetPassword.action': {
    model: 'Email',
    description: 'Button of the forgot-password e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Reset your password',
  },
  'mail.adminResetPassword.subject': {
    model: 'Email',
    description: 'Subject of the e-mail sent when an administrator resets a password.',
    placeholders: MAIL_COMMON,
    view: 'Please set a new password',
  },
  'mail.adminResetPassword.body': {
    model: 'Email',
    description: 'Text of the e-mail sent when an administrator resets a password.',
    placeholders: [...MAIL_COMMON, 'validMinutes'],
    view: [
      'An administrator has reset the password of your {{productName}} account. You have been signed out.',
      'Use the link below to choose a new password. The link works once and expires in {{validMinutes}} minutes; after that, use "Forgot Your Password" on the sign-in page.',
    ].join('\n\n'),
  },
  'mail.adminResetPassword.action': {
    model: 'Email',
    description: 'Button of the administrator password reset e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Set a new password',
  },
  'mail.invitation.subject': {
    model: 'Email',
    description: 'Subject of the e-mail to a user created in User Admin.',
    placeholders: MAIL_COMMON,
    view: 'Your account is ready',
  },
  'mail.invitation.body': {
    model: 'Email',
    description: 'Text of the e-mail to a user created in User Admin.',
    placeholders: [...MAIL_COMMON, 'validDays'],
    view: [
      'An administrator has created a {{productName}} account for you with the user name {{email}}.',
      'Use the link below to choose your password, then sign in. The link works once and expires in {{validDays}} days.',
    ].join('\n\n'),
  },
  'mail.invitation.action': {
    model: 'Email',
    description: 'Button of the invitation e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Choose your password',
  },
  'mail.registrationNotice.subject': {
    model: 'Email',
    description: 'Subject of the notice to the approvers about a new registration.',
    placeholders: MAIL_COMMON,
    view: 'New registration awaiting approval',
  },
  'mail.registrationNotice.body': {
    model: 'Email',
    description: 'Text of the notice to the approvers about a new registration.',
    placeholders: [...MAIL_COMMON, 'applicantName', 'applicantEmail', 'applicantCompany'],
    view: [
      '{{applicantName}} ({{applicantEmail}}) of {{applicantCompany}} has registered for {{productName}}.',
      'Please approve or deny the registration in User Admin.',
    ].join('\n\n'),
  },
  'mail.registrationNotice.action': {
    model: 'Email',
    description: 'Button of the registration notice.',
    placeholders: MAIL_COMMON,
    view: 'Open User Admin',
  },
  'mail.approved.subject': {
    model: 'Email',
    description: 'Subject of the e-mail telling a user that their registration was approved.',
    placeholders: MAIL_COMMON,
    view: 'Your account has been approved',
  },
  'mail.approved.body': {
    model: 'Email',
    description: 'Text of the approval e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Your {{productName}} registration has been approved. You can now sign in with your email address ({{email}}) and the password you chose when registering.',
  },
  'mail.approved.action': {
    model: 'Email',
    description: 'Button of the approval e-mail.',
    placeholders: MAIL_COMMON,
    view: 'Sign in',
  },
  'mail.denied.subject': {
    model: 'Email',
    description: 'Subject of the e-mail telling a user that their registration was not approved.',
    placeholders: MAIL_COMMON,
    view: 'Your registration was not approved',
  },
  'mail.denied.body': {
    model: 'Email',
    description: 'Text of the denial e-mail.',
    placeholders: MAIL_COMMON,
    view: [
      'We are sorry: your {{productName}} registration was not approved, so you are not able to access the product.',
      'If you think this is a mistake, please contact your distributor or the provider.',
    ].join('\n\n'),
  },
  'document.header': {
    model: 'Document',
    description: 'Line above the title of every exported material list (PDF, Word, CSV).',
    placeholders: ['providerName', 'projectName', 'customerName'],
    view: '{{providerName}}',
  },
  'document.footer': {
    model: 'Document',
    description: 'Line at the foot of every exported material list (PDF pages, Word, CSV).',
    placeholders: ['providerName', 'projectName', 'customerName'],
    view: 'Prepared with {{providerName}}. Check every figure against the maker’s current installation instructions.',
  },
  'system.notice': {
    model: 'Notice',
    description: 'Notice shown to every user at the top of the app (GET /api/message); empty shows nothing.',
    placeholders: ['productName'],
    view: '',
  },
} as const satisfies Record<TemplateSymbol, TemplateDefinition>;

// The contracts list the Symbols (the admin's "New" offers those without a row); this table covers each of them.
export { TEMPLATE_SYMBOLS, type TemplateSymbol };

export function isTemplateSymbol(symbol: string): symbol is TemplateSymbol {
  return Object.prototype.hasOwnProperty.call(TEMPLATE_DEFINITIONS, symbol);
}

/** The stored View of each Symbol (a snapshot read once per e-mail or document). */
export type TemplateTexts = Readonly<Record<TemplateSymbol, string>>;

export const DEFAULT_TEMPLATE_TEXTS: TemplateTexts = Object.fromEntries(
  TEMPLATE_SYMBOLS.map((s) => [s, TEMPLATE_DEFINITIONS[s].view]),
) as unknown as TemplateTexts;

/** Placeholder names used in a View, in order of appearance. */
export function placeholdersOf(view: string): string[] {
  return [...view.matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1]!);
}

/** Why a View cannot be saved for a Symbol (an unknown placeholder), or null. */
export function templateProblem(symbol: TemplateSymbol, view: string): string | null {
  const allowed: readonly string[] = TEMPLATE_DEFINITIONS[symbol].placeholders;
  const unknown = placeholdersOf(view).find((name) => !allowed.includes(name));
  if (unknown === undefined) return null;
  return CONTENT_MESSAGES.unknownPlaceholder
    .replace('{name}', unknown)
    .replace('{allowed}', allowed.map((p) => `{{${p}}}`).join(', '));
}

/**
 * Fills the placeholders with plain-text values (never markup: the caller escapes the result for HTML). A
 * placeholder without a value is left empty.
 */
export function renderTemplate(view: string, values: Readonly<Record<string, string | number>>): string {
  return view.replace(TEMPLATE_PLACEHOLDER, (_whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : '',
  );
}
