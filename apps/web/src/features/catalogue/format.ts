/** Display rules of the catalogue (spec 01 §2, §5). */

/** "number um" is shown with a micro sign: "50 um" → "50 µm" (spec 01 §5). */
export function renderMicrons(text: string): string {
  return text.replace(/\b(\d+(?:\.\d+)?) um\b/g, '$1 µm');
}

/** The run date as weekday, month, day, year, e.g. "Tuesday, May 14, 2024" (UTC, so everyone sees the same day). */
export function formatRunDate(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A short date for tables: "May 14, 2024". */
export function formatShortDate(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Species are stored as `mus_musculus` (the genome mapping's keys, spec 03 §3); people read "Mus musculus". */
export function speciesLabel(species: string): string {
  const words = species.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : words;
}
