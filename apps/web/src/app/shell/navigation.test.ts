import { describe, expect, it } from 'vitest';
import { visibleDrawerGroups, visibleMenus } from './navigation';

const labels = (menus: { label: string }[]) => menus.map((menu) => menu.label);

describe('visibleMenus', () => {
  it('shows every menu to an admin', () => {
    expect(labels(visibleMenus(['admin']))).toEqual(['File', 'Edit', 'View', 'Tools', 'About', 'Admin']);
  });

  it('hides the admin-only File, Edit, View and Admin menus from users', () => {
    expect(labels(visibleMenus(['user']))).toEqual(['Tools', 'About']);
  });

  it('leaves visitors and members of other groups the About menu', () => {
    expect(labels(visibleMenus([]))).toEqual(['About']);
    expect(labels(visibleMenus(['lab-x']))).toEqual(['About']);
  });

  it('keeps the File menu entries of the spec, disabled where the spec says so', () => {
    const file = visibleMenus(['admin']).find((menu) => menu.label === 'File')!;
    expect(file.items.map((item) => [item.label, Boolean(item.disabled)])).toEqual([
      ['Upload Dataset', true],
      ['Upload Directory', true],
      ['Upload Metadata', false],
      ['Upload QCed', false],
      ['Manage Dataset Files', true],
    ]);
  });
});

describe('visibleDrawerGroups', () => {
  it('shows an admin all four groups', () => {
    expect(labels(visibleDrawerGroups(['admin']).map((g) => ({ label: g.title })))).toEqual([
      'Analysis',
      'Tools',
      'Metadata',
      'Settings',
    ]);
  });

  it('shows a user only the tools their role allows', () => {
    const groups = visibleDrawerGroups(['user']);
    expect(groups.map((g) => g.title)).toEqual(['Tools', 'Settings']);
    expect(groups[0]!.entries.map((e) => e.label)).toEqual(['AtlasXbrowser', 'AtlasXplore', 'Atlas Run Viewer']);
    // User Settings holds their personal API tokens (issue 20); the Admin Panel stays for admins.
    expect(groups[1]!.entries.map((e) => e.label)).toEqual(['User Settings']);
  });
});
