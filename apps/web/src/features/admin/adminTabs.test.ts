import { describe, expect, it } from 'vitest';
import { tabFromQuery } from './adminTabs';

describe('tabFromQuery', () => {
  it('opens the tab named in the URL', () => {
    expect(tabFromQuery(new URLSearchParams('component=AdminPanel&tab=groups'))).toBe('groups');
  });
  it('sends a run action to Add A Run', () => {
    expect(tabFromQuery(new URLSearchParams('action=new_run&results_id=null'))).toBe('add-run');
  });
  it('falls back to the first tab for a missing or unknown tab', () => {
    expect(tabFromQuery(new URLSearchParams(''))).toBe('jobs');
    expect(tabFromQuery(new URLSearchParams('tab=nope'))).toBe('jobs');
  });
  it('prefers an explicit tab over an action', () => {
    expect(tabFromQuery(new URLSearchParams('tab=users&action=edit'))).toBe('users');
  });
});
