import {
  CONTENT_MESSAGES,
  MENU_CLICK_ACTIONS,
  MENU_ITEM_DEFAULT_SORT,
  PRODUCT_PRICE_MAX,
  PRODUCT_PRICE_MIN,
  SUPPORT_REQUEST_TYPES,
  CULTURES,
  type ContentModel,
  type DynamicFormField,
  type DynamicValidation,
  type MenuClickAction,
  type ModelConfiguration,
} from '@sealplan/contracts';
import type { Catalogue } from '@sealplan/engine';
import { ROLE_IDS } from '../../shared/roles';

/**
 * What a new installation ships with (ADR 016): the model configurations the admin grids and forms are rendered
 * from, the spec §2 sidebar as menu items, and starting specifications and products. Templates are seeded from
 * template-definitions.ts; roles from roles.ts. The seed adds only what is missing, so an administrator's edits stay.
 */

const required = (message: string): DynamicValidation => ({ name: 'required', message });
const maxLength = (n: number): DynamicValidation => ({
  name: 'maxLength',
  validator: n,
  message: `At most ${n} characters`,
});
const input = (
  name: string,
  label: string,
  validations: DynamicValidation[] = [],
  extra: Partial<DynamicFormField> = {},
): DynamicFormField => ({
  name,
  type: 'input',
  label,
  inputType: 'text',
  validations,
  ...extra,
});

/** The click actions as the menu item form lists them (ADR 016). */
const MENU_CLICK_ACTION_LABELS: Record<MenuClickAction, string> = {
  contactSupport: 'Open "Contact support"',
  openProfile: 'Open the user profile',
  changePassword: 'Open "Reset Password"',
  openSettings: 'Open the settings panel',
  print: 'Print the page',
  signOut: 'Sign out',
};

/** A menu item (or child) with a click action runs it when pressed instead of following its link. */
const clickActionField: DynamicFormField = {
  name: 'clickAction',
  type: 'select',
  label: 'Click action',
  options: [
    { value: '', label: 'None: follow the link' },
    ...MENU_CLICK_ACTIONS.map((value) => ({ value, label: MENU_CLICK_ACTION_LABELS[value] })),
  ],
};

const menuChildFields: DynamicFormField[] = [
  input('label', 'Label', [required(CONTENT_MESSAGES.labelRequired), maxLength(100)]),
  input('link', 'Link', [required(CONTENT_MESSAGES.childLinkRequired), maxLength(500)]),
  clickActionField,
  input('icon', 'Icon', [maxLength(60)]),
];

export const MODEL_CONFIGURATION_SEED: Record<ContentModel, ModelConfiguration> = {
  MenuItem: {
    model: 'MenuItem',
    label: 'Menu items',
    listColumns: ['label', 'link', 'type', 'sort'],
    fields: [
      input('label', 'Label', [required(CONTENT_MESSAGES.labelRequired), maxLength(100)]),
      input('link', 'Link', [maxLength(500)]),
      clickActionField,
      {
        name: 'type',
        type: 'select',
        label: 'Type',
        value: 'MAIN_MENU',
        options: [{ value: 'MAIN_MENU', label: 'Main menu' }],
        validations: [required(CONTENT_MESSAGES.typeRequired)],
      },
      input('icon', 'Icon', [maxLength(60)]),
      input('imageUrl', 'Image', [maxLength(2000)], { type: 'input', inputType: 'url' }),
      input('sort', 'Sort', [{ name: 'min', validator: 0, message: 'The sort order cannot be negative' }], {
        inputType: 'number',
        value: MENU_ITEM_DEFAULT_SORT,
      }),
      {
        name: 'requiredRole',
        type: 'select',
        label: 'Visible to',
        options: [
          { value: '', label: 'Everyone signed in' },
          ...Object.values(ROLE_IDS).map((id) => ({ value: id, label: id })),
        ],
      },
      { name: 'children', type: 'menuChildren', label: 'Child menu items', fields: menuChildFields },
    ],
  },
  Specification: {
    model: 'Specification',
    label: 'Specifications',
    listColumns: ['id', 'label', 'type'],
    fields: [
      input('id', 'Id', [required(CONTENT_MESSAGES.idRequired), maxLength(60)]),
      input('label', 'Label', [required(CONTENT_MESSAGES.labelRequired), maxLength(200)]),
      input('type', 'Type', [required(CONTENT_MESSAGES.typeRequired), maxLength(60)]),
      input('imageSlug', 'Image', [maxLength(2000)]),
    ],
  },
  SupportRequest: {
    model: 'SupportRequest',
    label: 'Support requests',
    listColumns: ['createdOn', 'email', 'type', 'message'],
    fields: [
      input('email', 'Email', [{ name: 'email', message: CONTENT_MESSAGES.emailInvalid }], {
        inputType: 'email',
      }),
      {
        name: 'type',
        type: 'select',
        label: 'Type',
        options: SUPPORT_REQUEST_TYPES.map((t) => ({
          value: t,
          label: t.charAt(0) + t.slice(1).toLowerCase(),
        })),
        validations: [required(CONTENT_MESSAGES.typeRequired)],
      },
      {
        name: 'message',
        type: 'textarea',
        label: 'Message',
        validations: [required(CONTENT_MESSAGES.messageRequired), maxLength(5000)],
      },
    ],
  },
  Role: {
    model: 'Role',
    label: 'Roles',
    listColumns: ['id', 'label', 'hierarchy'],
    fields: [
      input('id', 'Id', [required(CONTENT_MESSAGES.idRequired), maxLength(60)]),
      input('label', 'Label', [required(CONTENT_MESSAGES.labelRequired), maxLength(200)]),
      input('hierarchy', 'Hierarchy', [], { inputType: 'number' }),
      {
        name: 'permissions',
        type: 'repeat',
        label: 'Permissions',
        fields: [
          input('id', 'Permission', [required(CONTENT_MESSAGES.idRequired), maxLength(60)]),
          input('label', 'Label', [maxLength(200)]),
        ],
      },
    ],
  },
  ModelConfiguration: {
    model: 'ModelConfiguration',
    label: 'Model configurations',
    listColumns: ['model', 'label'],
    fields: [
      input('model', 'Model', [required(CONTENT_MESSAGES.modelRequired)], { isDisabled: false }),
      input('label', 'Label', [required(CONTENT_MESSAGES.labelRequired), maxLength(200)]),
      {
        name: 'listColumns',
        type: 'chips',
        label: 'Grid columns',
      },
      {
        name: 'fields',
        type: 'repeat',
        label: 'Fields',
        fields: [
          input('name', 'Name', [required(CONTENT_MESSAGES.nameRequired), maxLength(60)]),
          input('label', 'Label', [maxLength(200)]),
          {
            name: 'type',
            type: 'select',
            label: 'Widget',
            validations: [required(CONTENT_MESSAGES.typeRequired)],
            options: [
              'input',
              'textarea',
              'button',
              'select',
              'date',
              'radio',
              'checkbox',
              'chips',
              'tabs',
              'repeat',
              'dialogues',
              'menuChildren',
              'modalLink',
            ].map((w) => ({ value: w, label: w })),
          },
          { name: 'isHidden', type: 'checkbox', label: 'Hidden' },
          { name: 'isDisabled', type: 'checkbox', label: 'Read-only' },
        ],
      },
    ],
  },
  Template: {
    model: 'Template',
    label: 'Templates',
    listColumns: ['Symbol', 'Model'],
    fields: [
      input('Symbol', 'Symbol', [required(CONTENT_MESSAGES.symbolRequired), maxLength(100)]),
      input('Model', 'Model', [maxLength(60)], { isDisabled: true }),
      { name: 'View', type: 'textarea', label: 'Text', validations: [maxLength(10_000)] },
    ],
  },
  Product: {
    model: 'Product',
    label: 'Products',
    listColumns: ['articleNumber', 'name', 'unit', 'price', 'inventory'],
    fields: [
      input('articleNumber', 'Article number', [
        required(CONTENT_MESSAGES.articleNumberRequired),
        maxLength(60),
      ]),
      input('name', 'Name', [required(CONTENT_MESSAGES.nameRequired), maxLength(200)]),
      input('unit', 'Unit', [required(CONTENT_MESSAGES.unitRequired), maxLength(30)]),
      input(
        'price',
        'Price',
        [
          { name: 'required', message: CONTENT_MESSAGES.priceRange },
          { name: 'min', validator: PRODUCT_PRICE_MIN, message: CONTENT_MESSAGES.priceRange },
          { name: 'max', validator: PRODUCT_PRICE_MAX, message: CONTENT_MESSAGES.priceRange },
        ],
        { inputType: 'number' },
      ),
      input(
        'inventory',
        'Inventory',
        [{ name: 'min', validator: 0, message: CONTENT_MESSAGES.inventoryRange }],
        {
          inputType: 'number',
          value: 0,
        },
      ),
    ],
  },
  ContentPage: {
    model: 'ContentPage',
    label: 'Content pages',
    listColumns: ['slug', 'title', 'status', 'isLocked'],
    fields: [
      input('slug', 'Slug', [required(CONTENT_MESSAGES.slugRequired), maxLength(120)]),
      input('title', 'Title', [required(CONTENT_MESSAGES.titleRequired), maxLength(200)]),
      { name: 'body', type: 'textarea', label: 'Text' },
      {
        name: 'status',
        type: 'radio',
        label: 'Status',
        options: [
          { value: 'DRAFT', label: 'Draft' },
          { value: 'PUBLISHED', label: 'Published' },
        ],
      },
    ],
  },
  Translation: {
    model: 'Translation',
    label: 'Translations',
    listColumns: ['culture', 'namespace', 'key', 'text'],
    fields: [
      {
        name: 'culture',
        type: 'select',
        label: 'Language',
        options: CULTURES.map((c) => ({ value: c, label: c })),
        validations: [required('Please Enter a Language')],
      },
      input('namespace', 'Namespace', [required('Please Enter a Namespace'), maxLength(60)]),
      input('key', 'Key', [required('Please Enter a Key'), maxLength(200)]),
      { name: 'text', type: 'textarea', label: 'Text', validations: [maxLength(5000)] },
    ],
  },
};

/** Spec §2 sidebar under Main Navigation; User Admin only for ElevatedUser. */
export const MENU_ITEM_SEED = [
  { label: 'Dashboard', link: '/dashboard', icon: 'dashboard', sort: 10, requiredRole: null },
  { label: 'New Project', link: '/projects/create', icon: 'add', sort: 20, requiredRole: null },
  { label: 'Projects', link: '/projects', icon: 'folder', sort: 30, requiredRole: null },
  { label: 'Customers', link: '/customers', icon: 'users', sort: 40, requiredRole: null },
  { label: 'User Admin', link: '/users/all', icon: 'shield', sort: 50, requiredRole: ROLE_IDS.ELEVATED_USER },
] as const;

/** Starting specifications: the seal specifications a material list is written against. */
export const SPECIFICATION_SEED = [
  { id: 'WATERTIGHT', label: 'Watertight transit', type: 'CLASS' },
  { id: 'FIRE_RATED', label: 'Fire-rated transit', type: 'CLASS' },
  { id: 'A_60_CLASS', label: 'A-60 class division', type: 'CLASS' },
  { id: 'H_CLASS', label: 'H class division', type: 'CLASS' },
  { id: 'NOFIRNO', label: 'NOFIRNO sealing system', type: 'SYSTEM' },
  { id: 'RISE_ULTRA', label: 'RISE Ultra pipe penetration', type: 'SYSTEM' },
] as const;

/**
 * The maker's articles the catalogue names by article number (cable sleeves, plastic-pipe crushers), with the
 * catalogue's own wording. Prices start at 0 ("on request", not printed): the provider enters its price list;
 * nothing here invents one.
 */
export function productSeed(catalogue: Pick<Catalogue, 'cableSleeves' | 'crushers'>) {
  return [
    ...catalogue.cableSleeves.map((s) => ({
      articleNumber: s.articleNumber,
      name: `Cable sleeve Ø ${s.outerDiameterMm} mm (cables ${s.cableMinMm}–${s.cableMaxMm} mm)`,
      unit: 'pcs',
      price: 0,
      inventory: 0,
    })),
    ...catalogue.crushers
      .filter((c) => typeof c.articleNumber === 'string' && c.articleNumber !== '')
      .map((c) => ({
        articleNumber: c.articleNumber!,
        name: `Crusher ${c.name}`,
        unit: 'pcs',
        price: 0,
        inventory: 0,
      })),
  ];
}
