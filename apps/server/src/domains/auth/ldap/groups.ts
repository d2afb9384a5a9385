/**
 * How the admin's group map (ATLAS_LDAP_GROUP_MAP) names directory groups: by DN, or by name (the value of the DN's
 * first part, e.g. the cn), in any case and with any spacing around `,` `=` `+`, as directories compare DNs.
 * Names are shorter to write; a DN tells apart two groups of one name in different branches.
 */
const SEPARATOR = /\s*(?<!\\)([,=+])\s*/g;

const normalDn = (dn: string) => dn.trim().toLowerCase().replace(SEPARATOR, '$1');

/** The keys a group DN is found under in the map: its normal DN and its name. */
export function groupKeys(dn: string): string[] {
  const normal = normalDn(dn);
  const name = normal.split(/(?<!\\),/)[0]!.split(/(?<!\\)=/)[1];
  return name ? [normal, name] : [normal];
}

/** The map with its keys as groupKeys writes them (a DN normalised, a name in lower case). */
export function normalGroupMap(map: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const normal: Record<string, string[]> = {};
  for (const [key, groups] of Object.entries(map)) {
    const at = key.includes('=') ? normalDn(key) : key.trim().toLowerCase();
    normal[at] = [...new Set([...(normal[at] ?? []), ...groups])];
  }
  return normal;
}
