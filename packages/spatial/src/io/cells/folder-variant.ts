import fs from 'node:fs';
import path from 'node:path';

/**
 * Test-only: a copy of a real output folder (../shared/data) with files left out or replaced, in `tmp/name`: the
 * inconsistent inputs the readers must refuse, made from the real ones rather than written from scratch.
 */
export function folderVariant(
  source: string,
  tmp: string,
  name: string,
  drop: readonly string[],
  replace: Record<string, string | Uint8Array> = {},
): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const file of fs.readdirSync(source))
    if (!drop.includes(file)) fs.copyFileSync(path.join(source, file), path.join(dir, file));
  for (const [file, content] of Object.entries(replace)) fs.writeFileSync(path.join(dir, file), content);
  return dir;
}
