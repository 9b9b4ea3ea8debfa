import { describe, expect, it } from 'vitest';
import { addAccountManagerFormSchema, createAccountManagerSchema, parseSpecialties } from './account-managers';

describe('account manager specialties', () => {
  it('reads a comma-separated line into a list, each specialty once, blanks dropped', () => {
    expect(parseSpecialties(' Technology, SaaS,,  Fintech , saas ')).toEqual(['Technology', 'SaaS', 'Fintech']);
    expect(parseSpecialties('')).toEqual([]);
  });

  it('needs a name and a valid address to add a manager', () => {
    const added = addAccountManagerFormSchema.safeParse({
      name: '',
      email: 'nope',
      status: 'active',
      specialties: '',
      bio: '',
    });
    expect(added.success).toBe(false);
    expect(added.error?.issues.map((issue) => issue.path[0])).toEqual(['name', 'email']);
    const request = createAccountManagerSchema.parse({
      name: ' Nadia ',
      email: 'Nadia@Example.TEST',
      status: 'on_leave',
      specialties: ['Retail'],
      bio: '',
    });
    expect(request).toMatchObject({ name: 'Nadia', email: 'nadia@example.test' });
  });
});
