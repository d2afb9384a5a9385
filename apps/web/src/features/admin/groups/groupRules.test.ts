import { describe, expect, it } from 'vitest';
import { canCreateGroup, canDeleteGroup } from './groupRules';

const groups = [
  { group_name: 'admin', description: 'Administrators' },
  { group_name: 'lab-a', description: 'Lab A' },
];

describe('Create Group', () => {
  it('needs a name and a description', () => {
    expect(canCreateGroup(groups, '', 'x')).toBe(false);
    expect(canCreateGroup(groups, 'lab-b', '  ')).toBe(false);
    expect(canCreateGroup(groups, 'lab-b', 'Lab B')).toBe(true);
  });
  it('is disabled for an existing group name', () => {
    expect(canCreateGroup(groups, 'lab-a', 'again')).toBe(false);
    expect(canCreateGroup(groups, ' lab-a ', 'again')).toBe(false);
  });
});

describe('Delete Group', () => {
  it('is enabled only for an existing group', () => {
    expect(canDeleteGroup(groups, 'lab-a')).toBe(true);
    expect(canDeleteGroup(groups, 'lab-b')).toBe(false);
    expect(canDeleteGroup(groups, '')).toBe(false);
  });
  it('is disabled for the built-in role groups', () => {
    expect(canDeleteGroup(groups, 'admin')).toBe(false);
  });
});
