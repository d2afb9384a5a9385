import { GROUP_ADMIN, GROUP_USER, type TGroup } from '@atlas/contracts';

/** The roles of spec 01 §6 are groups too; the server refuses to delete them. */
const BUILT_IN_GROUPS: readonly string[] = [GROUP_ADMIN, GROUP_USER];

export const isBuiltInGroup = (name: string): boolean => BUILT_IN_GROUPS.includes(name.trim());

/** Enable rules of the Group Managment form (spec 01 §5). Names are compared trimmed, as the server stores them. */
function isExistingGroup(groups: readonly TGroup[], name: string): boolean {
  const wanted = name.trim();
  return wanted !== '' && groups.some((group) => group.group_name === wanted);
}

export function canCreateGroup(groups: readonly TGroup[], name: string, description: string): boolean {
  return name.trim() !== '' && description.trim() !== '' && !isExistingGroup(groups, name);
}

export function canDeleteGroup(groups: readonly TGroup[], name: string): boolean {
  return isExistingGroup(groups, name) && !isBuiltInGroup(name);
}
