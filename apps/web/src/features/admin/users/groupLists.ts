/** Adds a group to a new user's list only if it is non-empty and not already present (spec 01 §5). */
export function addGroupName(groups: readonly string[], name: string): string[] {
  const group = name.trim();
  if (group === '' || groups.includes(group)) return [...groups];
  return [...groups, group];
}

/** What the Edit User dialog sends to modify_group_list: the groups gained and lost since it opened. */
export function diffGroups(
  before: readonly string[],
  after: readonly string[],
): { groups_adding: string[]; groups_removing: string[] } {
  return {
    groups_adding: after.filter((group) => !before.includes(group)),
    groups_removing: before.filter((group) => !after.includes(group)),
  };
}

export function hasGroupChanges(before: readonly string[], after: readonly string[]): boolean {
  const { groups_adding, groups_removing } = diffGroups(before, after);
  return groups_adding.length > 0 || groups_removing.length > 0;
}
