import { describe, expect, it } from 'vitest';
import { checkAccess, hasGroupAccess, type Access, type Identity } from './access.js';

const identities: Record<string, Identity> = {
  anonymous: { kind: 'anonymous' },
  public: { kind: 'public' },
  noGroups: { kind: 'user', username: 'n', groups: [] },
  lab: { kind: 'user', username: 'l', groups: ['lab-a'] },
  user: { kind: 'user', username: 'u', groups: ['user'] },
  admin: { kind: 'user', username: 'a', groups: ['admin'] },
};

const expected: Record<Access, Record<string, ReturnType<typeof checkAccess>>> = {
  anonymous: { anonymous: null, public: null, noGroups: null, lab: null, user: null, admin: null },
  public: { anonymous: 'unauthenticated', public: null, noGroups: null, lab: null, user: null, admin: null },
  any: { anonymous: 'unauthenticated', public: 'forbidden', noGroups: 'forbidden', lab: null, user: null, admin: null },
  user: {
    anonymous: 'unauthenticated',
    public: 'forbidden',
    noGroups: 'forbidden',
    lab: 'forbidden',
    user: null,
    admin: null,
  },
  admin: {
    anonymous: 'unauthenticated',
    public: 'forbidden',
    noGroups: 'forbidden',
    lab: 'forbidden',
    user: 'forbidden',
    admin: null,
  },
};

describe('access rules', () => {
  for (const [rule, row] of Object.entries(expected)) {
    for (const [who, outcome] of Object.entries(row)) {
      it(`${rule} × ${who} → ${outcome ?? 'allowed'}`, () => {
        expect(checkAccess(identities[who]!, rule as Access)).toBe(outcome);
      });
    }
  }

  it("treats 'any' as membership of at least one group", () => {
    expect(hasGroupAccess(['whatever'], 'any')).toBe(true);
    expect(hasGroupAccess([], 'any')).toBe(false);
  });
});
