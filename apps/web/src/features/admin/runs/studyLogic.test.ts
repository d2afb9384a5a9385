import { describe, expect, it } from 'vitest';
import { studyChanges } from './studyLogic';

describe('studyChanges', () => {
  const original = { description: 'Brains', type: 'Atlas', runs: ['D00001', 'D00002'] };
  it('is unchanged for the same runs in another order, description and type', () => {
    expect(studyChanges(original, { ...original, runs: ['D00002', 'D00001'] }).changed).toBe(false);
  });
  it('tracks runs to add and to remove', () => {
    expect(studyChanges(original, { ...original, runs: ['D00002', 'D00003'] })).toEqual({
      runs_to_add: ['D00003'],
      runs_to_remove: ['D00001'],
      changed: true,
    });
  });
  it('counts a new description or type as a change', () => {
    expect(studyChanges(original, { ...original, description: 'All brains' }).changed).toBe(true);
    expect(studyChanges(original, { ...original, type: '' }).changed).toBe(true);
  });
});
