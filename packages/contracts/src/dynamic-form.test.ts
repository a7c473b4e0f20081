import { describe, expect, it } from 'vitest';
import { dynamicFormFieldSchema, validateDynamicForm, type DynamicFormField } from './dynamic-form';

const menuItem: DynamicFormField[] = [
  {
    name: 'label',
    type: 'input',
    label: 'Label',
    validations: [{ name: 'required', message: 'Label is required' }],
  },
  {
    name: 'type',
    type: 'select',
    label: 'Type',
    validations: [{ name: 'required', message: 'Type is required' }],
  },
  {
    name: 'sort',
    type: 'input',
    inputType: 'number',
    label: 'Sort',
    validations: [{ name: 'min', validator: 0, message: 'At least 0' }],
  },
  {
    name: 'children',
    type: 'menuChildren',
    label: 'Children',
    fields: [
      {
        name: 'link',
        type: 'input',
        label: 'Link',
        validations: [{ name: 'required', message: 'Link is required' }],
      },
    ],
  },
  {
    name: 'secret',
    type: 'input',
    label: 'Hidden',
    isHidden: true,
    validations: [{ name: 'required', message: 'never' }],
  },
];

describe('validateDynamicForm (spec §5 admin forms)', () => {
  it('reports every failed validation with its path, nested entries included', () => {
    expect(
      validateDynamicForm(menuItem, { label: ' ', sort: -1, children: [{ link: '/a' }, { link: '' }] }),
    ).toEqual([
      { path: 'label', message: 'Label is required' },
      { path: 'type', message: 'Type is required' },
      { path: 'sort', message: 'At least 0' },
      { path: 'children.1.link', message: 'Link is required' },
    ]);
  });

  it('accepts a complete record and skips hidden fields', () => {
    expect(
      validateDynamicForm(menuItem, { label: 'Docs', type: 'MAIN_MENU', sort: 99, children: [] }),
    ).toEqual([]);
  });

  it('judges length, pattern and e-mail only on entered values', () => {
    const fields: DynamicFormField[] = [
      {
        name: 'code',
        type: 'input',
        label: 'Code',
        validations: [
          { name: 'pattern', validator: '^[A-Z]+$', message: 'Upper case' },
          { name: 'maxLength', validator: 3, message: 'Short' },
        ],
      },
      { name: 'mail', type: 'input', label: 'Mail', validations: [{ name: 'email', message: 'E-mail' }] },
    ];
    expect(validateDynamicForm(fields, {})).toEqual([]);
    expect(validateDynamicForm(fields, { code: 'abcd', mail: 'x@' }).map((i) => i.message)).toEqual([
      'Upper case',
      'Short',
      'E-mail',
    ]);
  });

  it('refuses a field with a malformed name or an unknown widget', () => {
    expect(dynamicFormFieldSchema.safeParse({ name: '1x', type: 'input', label: 'x' }).success).toBe(false);
    expect(dynamicFormFieldSchema.safeParse({ name: 'x', type: 'slider', label: 'x' }).success).toBe(false);
    expect(
      dynamicFormFieldSchema.safeParse({
        name: 'x',
        type: 'repeat',
        label: 'x',
        fields: [{ name: 'y', type: 'date', label: 'Y' }],
      }).success,
    ).toBe(true);
  });
});
