import { describe, expect, it } from 'vitest';
import { describeChange } from './describeChange';

describe('describeChange', () => {
  it('lists only the fields that changed', () => {
    expect(describeChange({ status: 'UNCONFIRMED', name: 'A' }, { status: 'CONFIRMED', name: 'A' })).toBe(
      'status: UNCONFIRMED → CONFIRMED',
    );
  });
  it('shows arrays and added fields', () => {
    expect(describeChange({ groups: ['user'] }, { groups: ['user', 'lab-a'], email_verified: true })).toBe(
      'groups: ["user"] → ["user","lab-a"]; email_verified: — → true',
    );
  });
  it('describes a creation and a removal', () => {
    expect(describeChange(null, { name: 'lab-a', members: ['bob'] })).toBe('name: lab-a; members: ["bob"]');
    expect(describeChange('x', null)).toBe('removed x');
  });
});
