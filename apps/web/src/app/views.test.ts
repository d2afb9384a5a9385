import { describe, expect, it } from 'vitest';
import { componentHref, resolveView, viewBeforeSessionCheck } from './views';

const admin = { groups: ['admin'] };
const user = { groups: ['user'] };
const member = { groups: ['lab-x'] };
const noGroups = { groups: [] };

describe('resolveView', () => {
  it('sends visitors without a component to the catalogue and shows signed-in users the home page', () => {
    expect(resolveView(null, null)).toEqual({ kind: 'catalogue' });
    expect(resolveView('', null)).toEqual({ kind: 'catalogue' });
    expect(resolveView(null, user)).toEqual({ kind: 'home' });
  });

  it('names unknown components, whoever asks', () => {
    expect(resolveView('NoSuchTool', admin)).toEqual({ kind: 'unknown', name: 'NoSuchTool' });
    expect(resolveView('toString', null)).toEqual({ kind: 'unknown', name: 'toString' });
    expect(resolveView('adminpanel', admin)).toEqual({ kind: 'unknown', name: 'adminpanel' });
  });

  it('asks visitors to sign in for a known component', () => {
    expect(resolveView('AtlasXplore', null)).toEqual({ kind: 'signIn', name: 'AtlasXplore' });
  });

  it('applies the role rules of the spec', () => {
    expect(resolveView('AdminPanel', admin).kind).toBe('open');
    expect(resolveView('AdminPanel', user).kind).toBe('forbidden');
    // User Settings holds every member's API tokens (issue 20); its spec tabs stay for admins.
    expect(resolveView('UserSettings', user).kind).toBe('open');
    expect(resolveView('UserSettings', noGroups).kind).toBe('forbidden');
    expect(resolveView('AtlasBrowser', user).kind).toBe('open');
    expect(resolveView('AtlasBrowser', member).kind).toBe('forbidden');
    expect(resolveView('AtlasRunViewer', user).kind).toBe('open');
    expect(resolveView('AtlasXplore', member).kind).toBe('open');
    expect(resolveView('AtlasXplore', noGroups).kind).toBe('forbidden');
    expect(resolveView('WaferInformationViewer', user).kind).toBe('forbidden');
  });
});

describe('componentHref', () => {
  it('builds the Add a Run address of the user menu', () => {
    expect(componentHref('AdminPanel', { action: 'new_run', results_id: 'null' })).toBe(
      '/?component=AdminPanel&action=new_run&results_id=null',
    );
  });
});

describe('viewBeforeSessionCheck', () => {
  it('opens only a view marked for it, and only with a saved session', () => {
    expect(viewBeforeSessionCheck('AtlasXplore', true)).toEqual({ kind: 'open', name: 'AtlasXplore' });
    expect(viewBeforeSessionCheck('AtlasXplore', false)).toBeNull();
    expect(viewBeforeSessionCheck('AdminPanel', true)).toBeNull();
    expect(viewBeforeSessionCheck('NoSuchView', true)).toBeNull();
    expect(viewBeforeSessionCheck(null, true)).toBeNull();
  });
});
