import { describe, expect, it } from 'vitest';
import { addGroupName, diffGroups, hasGroupChanges } from './groupLists';

describe('addGroupName', () => {
  it('adds a trimmed new group', () => {
    expect(addGroupName(['user'], ' lab-a ')).toEqual(['user', 'lab-a']);
  });
  it('ignores empty and duplicate names', () => {
    expect(addGroupName(['user'], '  ')).toEqual(['user']);
    expect(addGroupName(['user'], 'user')).toEqual(['user']);
  });
});

describe('diffGroups', () => {
  it('lists added and removed groups', () => {
    expect(diffGroups(['user', 'lab-a'], ['user', 'lab-b'])).toEqual({
      groups_adding: ['lab-b'],
      groups_removing: ['lab-a'],
    });
  });
  it('sees no change when only the order differs', () => {
    expect(hasGroupChanges(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(hasGroupChanges(['a'], ['a', 'b'])).toBe(true);
  });
});
