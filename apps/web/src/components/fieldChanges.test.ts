import { describe, expect, it } from 'vitest';
import { fieldChanges } from './fieldChanges';

describe('fieldChanges', () => {
  it('lists only the fields whose value differs, lists joined', () => {
    expect(
      fieldChanges(
        { title: 'A', public: false, files: ['x'] },
        { title: 'B', public: false, files: ['x', 'y'], group: 'lab' },
      ),
    ).toEqual([
      { field: 'title', before: 'A', after: 'B' },
      { field: 'files', before: 'x', after: 'x; y' },
      { field: 'group', before: '', after: 'lab' },
    ]);
  });
  it('leaves out _id and shows numbers as text', () => {
    expect(fieldChanges({ _id: '1', a: 1, b: 'x' }, { _id: '2', a: 2, b: 'x', c: 'n' })).toEqual([
      { field: 'a', before: '1', after: '2' },
      { field: 'c', before: '', after: 'n' },
    ]);
  });
  it('treats a missing side as empty (a creation or a removal)', () => {
    expect(fieldChanges(null, { study: 'S' })).toEqual([{ field: 'study', before: '', after: 'S' }]);
  });
});
