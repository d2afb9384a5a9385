import { describe, expect, it } from 'vitest';
import type { TRunFile } from '@atlas/contracts';
import { fileChanges, rowComplete, rowOfFile } from './filesLogic';

const file = (id: number, path: string): TRunFile => ({
  file_id: id,
  file_type_id: 1,
  file_type_name: 'Analysis',
  filename_short: path,
  file_description: 'd',
  file_path: path,
  bucket_name: 'atx-data',
});

describe('Add Files changes', () => {
  const original = [file(1, 'a.csv'), file(2, 'b.csv')];
  it('tracks added, removed and changed rows', () => {
    const rows = [
      { ...rowOfFile(original[0]!), file_description: 'new' },
      {
        key: 'n1',
        file_id: null,
        file_type_name: 'Other',
        bucket_name: 'atx-data',
        file_path: ' c.csv ',
        file_description: 'c',
        editing: false,
      },
    ];
    expect(fileChanges(original, rows)).toEqual({
      added: [{ file_type_name: 'Other', bucket_name: 'atx-data', file_path: 'c.csv', file_description: 'c' }],
      removed: [2],
      changed: [
        {
          file_id: 1,
          file_type_name: 'Analysis',
          bucket_name: 'atx-data',
          file_path: 'a.csv',
          file_description: 'new',
        },
      ],
      any: true,
    });
  });
  it('sees no change in untouched rows', () => {
    expect(fileChanges(original, original.map(rowOfFile)).any).toBe(false);
  });
  it('confirms a row only with a path, a description and a type', () => {
    expect(rowComplete({ file_type_name: 'Other', bucket_name: 'b', file_path: 'p', file_description: 'd' })).toBe(
      true,
    );
    expect(rowComplete({ file_type_name: '', bucket_name: 'b', file_path: 'p', file_description: 'd' })).toBe(false);
    expect(rowComplete({ file_type_name: 'Other', bucket_name: 'b', file_path: ' ', file_description: 'd' })).toBe(
      false,
    );
  });
});
