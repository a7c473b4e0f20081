import { describe, expect, it } from 'vitest';
import { customerFormSchema } from './customers';
import { dynamicOptionSchema } from './dynamic-form';
import { menuItemInputSchema, productInputSchema, supportRequestInputSchema } from './content';
import { oneLineMessage } from './input-gate';
import { projectFormSchema } from './projects';
import { penetratingItemInputSchema, transitInputSchema } from './transits';
import { registerRequestSchema } from './users';

/** ADR 023: names, tags and references are one line; notes keep their line breaks. */

const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
const DXF_ENTITY = 'T1\n  0\nLINE\n  8\nSEALPLAN-ITEMS\n 10\n0\n 20\n0\n 11\n99999\n';

function issue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('single-line fields (ADR 023)', () => {
  it('refuses a cable tag holding a line break, with the tag’s own message', () => {
    const item = { quantity: 1, outerDiameterMm: 12 };
    for (const tag of [DXF_ENTITY, 'A\rB', 'A\u2028B', 'A\u2029B'])
      expect(issue(penetratingItemInputSchema.safeParse({ ...item, tag }))).toEqual([
        { path: 'tag', message: oneLineMessage('The tag') },
      ]);
    // Surrounding white space is trimmed, as before; a tab inside stays (it is no line break).
    expect(penetratingItemInputSchema.parse({ ...item, tag: ' T1\n' }).tag).toBe('T1');
    expect(penetratingItemInputSchema.parse({ ...item, tag: 'T1\tA' }).tag).toBe('T1\tA');
  });

  it('refuses line breaks in names and references, keeps them in notes', () => {
    expect(issue(transitInputSchema.safeParse({ projectId: PROJECT_ID, name: 'T-1\nT-2' }))).toEqual([
      { path: 'name', message: oneLineMessage('The transit name') },
    ]);
    expect(
      transitInputSchema.parse({ projectId: PROJECT_ID, comments: 'Line one\r\nLine two' }).comments,
    ).toBe('Line one\r\nLine two');
    const project = { customerId: 'c', industryId: 'ON_SHORE', description: 'Notes\nover two lines' };
    expect(issue(projectFormSchema.safeParse({ ...project, name: 'A\nB' }))).toEqual([
      { path: 'name', message: oneLineMessage('The project name') },
    ]);
    expect(projectFormSchema.parse({ ...project, name: 'A' }).description).toBe('Notes\nover two lines');
    const customer = {
      companyName: 'Acme',
      industry: 'ON_SHORE',
      pocFirstName: 'Ann',
      pocLastName: 'Lee',
      pocPhoneNumber: '+45 12345678',
      pocEmail: 'ann@example.com',
    };
    expect(issue(customerFormSchema.safeParse({ ...customer, companyName: 'Acme\nLtd' }))).toEqual([
      { path: 'companyName', message: oneLineMessage('The company name') },
    ]);
    expect(
      issue(productInputSchema.safeParse({ articleNumber: 'A\n1', name: 'N', unit: 'pcs', price: 1 })),
    ).toEqual([{ path: 'articleNumber', message: oneLineMessage('The article number') }]);
    expect(issue(dynamicOptionSchema.safeParse({ value: 'v', label: 'L\nM' }))).toEqual([
      { path: 'label', message: oneLineMessage('The label') },
    ]);
    expect(issue(menuItemInputSchema.safeParse({ label: 'Help\nMe', type: 'MAIN_MENU' }))).toEqual([
      { path: 'label', message: oneLineMessage('The label') },
    ]);
    const register = registerRequestSchema.safeParse({
      FirstName: 'Ann\nBcc: x',
      LastName: 'Lee',
      Password: 'a-long-password-1',
      Company: 'Acme',
      Industry: 'ON_SHORE',
      UserName: 'ann@example.com',
    });
    expect(issue(register)).toContainEqual({ path: 'FirstName', message: oneLineMessage('The first name') });
    const support = { email: 'ann@example.com', message: 'First line\nSecond line', type: 'QUESTION' };
    expect(supportRequestInputSchema.parse(support).message).toBe('First line\nSecond line');
  });
});
