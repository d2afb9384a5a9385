import { describe, expect, it } from 'vitest';
import { LAB_MSG } from '@atlas/contracts';
import {
  canSave,
  detailsTitle,
  duplicateDraft,
  emptyDraft,
  isChanged,
  keyProblem,
  matchesSearch,
  newFieldProblem,
  toDraft,
  toRecord,
  withoutId,
} from './recordLogic';

const chip = { _id: 'abc', wafer_id: 'W1', chip_id: 'C1', diameter: 10, note: 'x' };

describe('toDraft', () => {
  it('puts the key fields first, hides _id and reads waferid as wafer_id', () => {
    expect(Object.keys(toDraft('chips', chip))).toEqual(['chip_id', 'wafer_id', 'diameter', 'note']);
    expect(toDraft('chips', { chip_id: 'C2', waferid: 'W9' })).toEqual({ chip_id: 'C2', wafer_id: 'W9' });
    expect(detailsTitle('chips', toDraft('chips', chip))).toBe('Chip Details - C1');
  });
});

describe('change detection and Save', () => {
  it('is unchanged until a field differs; Save also needs a key', () => {
    const original = toDraft('chips', chip);
    expect(isChanged(original, { ...original })).toBe(false);
    expect(isChanged(original, { ...original, note: 'y' })).toBe(true);
    expect(isChanged(original, { ...original, added: '' })).toBe(false);
    expect(canSave('chips', original, { ...original, note: 'y' })).toBe(true);
    expect(canSave('chips', original, { ...original, chip_id: '  ' })).toBe(false);
  });
});

describe('duplicate and add', () => {
  it('clears the key; the duplicate is saved without _id and keeps its numbers as numbers', () => {
    const dup = duplicateDraft('chips', toDraft('chips', chip));
    expect(dup.chip_id).toBe('');
    expect(dup.wafer_id).toBe('W1');
    const expected = { chip_id: 'C9', wafer_id: 'W1', diameter: 10, note: 'x' };
    expect(toRecord('chips', withoutId(chip), { ...dup, chip_id: 'C9' })).toEqual(expected);
    // A model holding "10" as text keeps it as text.
    expect(toRecord('chips', { ...withoutId(chip), diameter: '10' }, { ...dup, chip_id: 'C9' })).toEqual({
      ...expected,
      diameter: '10',
    });
  });
  it("types a new field's plain number as the CSV importer does; ids and leading zeros stay text", () => {
    expect(
      toRecord('dbits', {}, { run_id: 'D00012', channels: '50', lot: '007', chip_id: '12', ratio: '0.5' }),
    ).toEqual({ run_id: 'D00012', channels: 50, lot: '007', chip_id: '12', ratio: 0.5 });
  });
  it('keeps numbers and _id when saving an existing record', () => {
    expect(toRecord('chips', chip, { ...toDraft('chips', chip), diameter: '12' })).toEqual({ ...chip, diameter: 12 });
  });
  it('makes an empty record with the fields of a model', () => {
    expect(emptyDraft('dbits', { run_id: 'D1', study_id: 'S' })).toEqual({ run_id: '', study_id: '' });
    expect(emptyDraft('wafers')).toEqual({ wafer_id: '' });
  });
  it('checks new field names', () => {
    expect(newFieldProblem('', { a: '' })).toBe('Field cannot be empty.');
    expect(newFieldProblem('a', { a: '' })).toMatch(/already exists/);
    expect(newFieldProblem('lot', { a: '' })).toBeNull();
  });
});

describe('search and history', () => {
  it('searches every field but _id', () => {
    expect(matchesSearch(chip, 'w1')).toBe(true);
    expect(matchesSearch(chip, 'abc')).toBe(false);
  });
});

describe('keyProblem', () => {
  it('asks for a key, and tells a duplicate that retyping its source key is not a new record', () => {
    const copy = duplicateDraft('chips', toDraft('chips', chip));
    expect(keyProblem('chips', copy, 'C1')).toBe(LAB_MSG.fieldCannotBeEmpty);
    expect(keyProblem('chips', { ...copy, chip_id: ' C1 ' }, 'C1')).toBe(LAB_MSG.duplicateSameKey('chip_id', 'C1'));
    expect(keyProblem('chips', { ...copy, chip_id: 'C2' }, 'C1')).toBeNull();
    expect(keyProblem('chips', { ...copy, chip_id: 'C1' }, null)).toBeNull();
  });
});
