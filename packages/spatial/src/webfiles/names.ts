/** Name lists (geneNames.txt etc.): one line, each name followed by a comma; the position is the feature index. */
export function formatNames(names: readonly string[]): string {
  for (const name of names) {
    if (/[,\r\n]/.test(name))
      throw new RangeError(`feature name ${JSON.stringify(name)} contains a comma or line break`);
  }
  return names.map((name) => `${name},`).join('');
}

export function parseNames(text: string): string[] {
  const line = text.replace(/[\r\n]+$/, '');
  if (line === '') return [];
  const names = line.split(',');
  // The trailing comma leaves one empty string at the end; tolerate files written without it.
  if (names[names.length - 1] === '') names.pop();
  return names;
}
