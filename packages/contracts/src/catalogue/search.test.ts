import { describe, expect, it } from 'vitest';
import { matchesRunId, runIdFromFolderPath, searchMode } from './search.js';
import { ZRunId, ZSearchQuery } from './schemas.js';

describe('catalogue search rules (spec 01 §5)', () => {
  it.each([
    ['', { mode: 'all' }],
    ['   ', { mode: 'all' }],
    ['90000001', { mode: 'publication', text: '90000001' }],
    ['9 abc', { mode: 'publication', text: '9 abc' }],
    ['D00012', { mode: 'run', text: 'd00012' }],
    ['  d1 ', { mode: 'run', text: 'd1' }],
    ['Raman', { mode: 'author', text: 'raman' }],
    ['priya raman', { mode: 'author', text: 'priya raman' }],
    ['d-0001', { mode: 'author', text: 'd-0001' }],
  ])('%j is %j', (text, expected) => {
    expect(searchMode(text)).toEqual(expected);
  });

  it('reads the run id from the data/{run_id}/ segment of a folder path', () => {
    expect(runIdFromFolderPath('data/D00001/')).toBe('D00001');
    expect(runIdFromFolderPath('s3://atx-data/data/D00042/h5/')).toBe('D00042');
    expect(runIdFromFolderPath('other/D00001/')).toBeNull();
  });

  it('matches run ids exactly, ignoring case', () => {
    expect(matchesRunId('data/D00001/', 'd00001')).toBe(true);
    expect(matchesRunId('data/D00001/', 'D0000')).toBe(false);
    expect(matchesRunId('data/D000011/', 'd00001')).toBe(false);
  });

  it('validates run ids and search text', () => {
    expect(ZRunId.safeParse('D00001').success).toBe(true);
    expect(ZRunId.safeParse('D1').success).toBe(false);
    expect(ZRunId.safeParse('x').success).toBe(false);
    expect(ZSearchQuery.parse({ query: '  RaMaN ' })).toEqual({ query: 'raman' });
    expect(ZSearchQuery.safeParse({ query: ' ' }).success).toBe(false);
  });
});
