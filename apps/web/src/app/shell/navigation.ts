import { hasGroupAccess, type LabKind } from '@atlas/contracts';
import type { ComponentName, GroupRule } from '../views';

/** The app bar menus and the drawer of spec 01 §2 as data, so the role filtering is one tested function. */

type MenuAction =
  | { kind: 'open'; component: ComponentName }
  /** Entries whose screens belong to later issues: they say so instead of doing nothing. */
  | { kind: 'notYet' }
  | { kind: 'dialog'; dialog: ShellDialog }
  /** File → Upload Metadata: the metadata CSV upload dialog with this table preselected. */
  | { kind: 'uploadMetadata'; table: LabKind };

type ShellDialog = 'registerUser' | 'resetUserPassword' | 'help' | 'about' | 'uploadQced';

export interface MenuItemDef {
  label: string;
  /** Who sees the entry; entries without a rule are for everyone, visitors included. */
  rule?: GroupRule;
  disabled?: boolean;
  hotkey?: string;
  action?: MenuAction;
  children?: MenuItemDef[];
}

export interface MenuDef {
  label: string;
  items: MenuItemDef[];
}

const open = (component: ComponentName): MenuAction => ({ kind: 'open', component });

const APP_MENUS: MenuDef[] = [
  {
    label: 'File',
    // Spec 01 §6: metadata and QC upload are admin tools, so the whole File menu is.
    items: [
      { label: 'Upload Dataset', rule: 'admin', disabled: true },
      { label: 'Upload Directory', rule: 'admin', disabled: true },
      {
        label: 'Upload Metadata',
        rule: 'admin',
        children: [
          { label: 'Wafer Table .csv', action: { kind: 'uploadMetadata', table: 'wafers' } },
          { label: 'Chip Table .csv', action: { kind: 'uploadMetadata', table: 'chips' } },
          { label: 'DBiT Run Table .csv', action: { kind: 'uploadMetadata', table: 'dbits' } },
        ],
      },
      { label: 'Upload QCed', rule: 'admin', action: { kind: 'dialog', dialog: 'uploadQced' } },
      { label: 'Manage Dataset Files', rule: 'admin', disabled: true },
    ],
  },
  {
    label: 'Edit',
    items: [
      { label: 'Wafer Information Viewer', rule: 'admin', action: open('WaferInformationViewer') },
      { label: 'Chip Information Viewer', rule: 'admin', action: open('ChipInformationViewer') },
      { label: 'DBiT Information Viewer', rule: 'admin', action: open('DbitInformationViewer') },
    ],
  },
  {
    label: 'View',
    items: [
      { label: 'DBiT Runs', rule: 'admin', disabled: true },
      { label: 'Wafer Trace', rule: 'admin', action: open('WaferTrace') },
      { label: 'Image Viewer', rule: 'admin', action: open('ImageViewer') },
      { label: 'QC Viewer', rule: 'admin', action: open('QcViewer') },
    ],
  },
  {
    label: 'Tools',
    // The annotator is part of image processing, which admin and user may use.
    items: [{ label: 'Annotator', rule: 'user', disabled: true }],
  },
  {
    label: 'About',
    items: [
      { label: 'Help', hotkey: 'F1', action: { kind: 'dialog', dialog: 'help' } },
      { label: 'About', action: { kind: 'dialog', dialog: 'about' } },
    ],
  },
  {
    label: 'Admin',
    items: [
      {
        label: 'User',
        rule: 'admin',
        children: [
          { label: 'Register New User', action: { kind: 'dialog', dialog: 'registerUser' } },
          { label: 'Reset User Password', action: { kind: 'dialog', dialog: 'resetUserPassword' } },
        ],
      },
    ],
  },
];

interface DrawerEntry {
  label: string;
  component: ComponentName;
  rule: GroupRule;
}

export interface DrawerGroup {
  title: string;
  entries: DrawerEntry[];
}

const DRAWER_GROUPS: DrawerGroup[] = [
  {
    title: 'Analysis',
    entries: [
      { label: 'Wafer Tree', component: 'WaferTrace', rule: 'admin' },
      { label: 'Image Viewer from Wafer', component: 'ImageViewer', rule: 'admin' },
    ],
  },
  {
    title: 'Tools',
    entries: [
      { label: 'AtlasXbrowser', component: 'AtlasBrowser', rule: 'user' },
      { label: 'Atlas Viewer', component: 'AtlasViewer', rule: 'admin' },
      { label: 'AtlasXplore', component: 'AtlasXplore', rule: 'any' },
      { label: 'Atlas Compare', component: 'AtlasCompare', rule: 'admin' },
      { label: 'Atlas Analytics', component: 'AtlasAnalytics', rule: 'admin' },
      { label: 'Atlas Uploader', component: 'AtlasUploader', rule: 'admin' },
      { label: 'Atlas Run Viewer', component: 'AtlasRunViewer', rule: 'user' },
    ],
  },
  {
    title: 'Metadata',
    entries: [
      { label: 'Wafer Information', component: 'WaferInformationViewer', rule: 'admin' },
      { label: 'Chip Information', component: 'ChipInformationViewer', rule: 'admin' },
      { label: 'DBiT Information', component: 'DbitInformationViewer', rule: 'admin' },
    ],
  },
  {
    title: 'Settings',
    entries: [
      { label: 'User Settings', component: 'UserSettings', rule: 'any' },
      { label: 'Admin Panel', component: 'AdminPanel', rule: 'admin' },
    ],
  },
];

const allowed = (groups: readonly string[], rule: GroupRule | undefined) => !rule || hasGroupAccess(groups, rule);

/** The menus a user sees: entries their groups allow, and only menus left with an entry. */
export function visibleMenus(groups: readonly string[]): MenuDef[] {
  return APP_MENUS.map((menu) => ({ ...menu, items: menu.items.filter((item) => allowed(groups, item.rule)) })).filter(
    (menu) => menu.items.length > 0,
  );
}

/** The drawer groups a user sees, without empty groups. */
export function visibleDrawerGroups(groups: readonly string[]): DrawerGroup[] {
  return DRAWER_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => allowed(groups, entry.rule)),
  })).filter((group) => group.entries.length > 0);
}
