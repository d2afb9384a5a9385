import { describe, expect, it } from 'vitest';
import { CSV_MAX_MB, LAB_MSG } from '@atlas/contracts';
import { batchInProgress, batchSucceeded, describeImport, dialogWidth, filesProblem, shortenName } from './uploadLogic';

describe('shortenName', () => {
  it('keeps names of up to 15 characters and cuts longer ones at 15', () => {
    expect(shortenName('chips.csv')).toBe('chips.csv');
    expect(shortenName('abcdefghijklmno')).toBe('abcdefghijklmno');
    expect(shortenName('abcdefghijklmnop.csv')).toBe('abcdefghijklmno...');
  });
});

describe('dialogWidth', () => {
  it('is 35vw for up to two files and unset from three', () => {
    expect(dialogWidth(0)).toBe('35vw');
    expect(dialogWidth(2)).toBe('35vw');
    expect(dialogWidth(3)).toBeUndefined();
  });
});

describe('filesProblem', () => {
  const file = (name: string, size = 10) => ({ name, size });
  it('needs at least one file, all CSV', () => {
    expect(filesProblem([])).toBe(LAB_MSG.fieldCannotBeEmpty);
    expect(filesProblem([file('a.csv'), file('b.txt')])).toBe(LAB_MSG.onlyCsv);
    expect(filesProblem([file('a.CSV'), file('b.csv')])).toBeNull();
  });

  it('refuses a file over the server limit before uploading, naming it', () => {
    const limit = CSV_MAX_MB * 1024 * 1024;
    expect(filesProblem([file('wafers.csv', limit)])).toBeNull();
    expect(filesProblem([file('a.csv'), file('wafers_2024.csv', limit + 1)])).toBe(
      `wafers_2024.csv: ${LAB_MSG.csvTooLarge(CSV_MAX_MB)}`,
    );
  });
});

describe('describeImport and batch state', () => {
  it('summarises counts, duplicates and warnings', () => {
    const result = {
      created: 2,
      updated: 1,
      skipped: 1,
      empty_rows: 0,
      unchanged: 0,
      duplicates: [{ key: 'C1', rows: [1, 3] }],
      warnings: [],
      columns: [],
      stored_as: null,
    };
    expect(describeImport(result)).toBe('2 created, 1 updated, 1 skipped. Duplicates: C1 (rows 1, 3)');
  });
  it('is in progress until every item ends, and succeeds only without errors or cancels', () => {
    const done = { finished: true, error: null, cancelled: false };
    const running = { finished: false, error: null, cancelled: false };
    expect(batchInProgress([done, running])).toBe(true);
    expect(batchInProgress([done, { ...running, cancelled: true }])).toBe(false);
    expect(batchSucceeded([done])).toBe(true);
    expect(batchSucceeded([done, { ...running, error: 'x' }])).toBe(false);
  });
});
