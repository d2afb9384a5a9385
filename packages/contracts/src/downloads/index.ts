/**
 * Download links (issue 33 §7): every URL the portal hands out to read a stored object — the catalogue's Download
 * dialog, the track browser's files, the storage calls' GET URLs — is a portal address whose signed token names the
 * object, the run it belongs to and whom it was made for. Each request checks again that the run is still visible to
 * that holder, so a run made private (or an account disabled, moved out of the group, or given a new password)
 * closes its links at once, not when they expire.
 */

/** `GET {DOWNLOAD_PATH}/{token}/{file name}` (and HEAD): the object's bytes, with HTTP ranges. */
export const DOWNLOAD_PATH = '/api/v1/downloads';

/** Download links of the catalogue and the track browser live one hour (spec 03 §9 names an hour for track links). */
export const DOWNLOAD_LINK_SECONDS = 60 * 60;

/**
 * With S3 storage a download link answers with a redirect to S3 itself, through a URL presigned for this long: the
 * most a redirect's target outlives the check (a download that started keeps going; S3 checks when it starts).
 */
export const DOWNLOAD_REDIRECT_SECONDS = 60;

/** A duration in words, as the dialogs say it: "one hour", "30 minutes", "2 days". */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([size]) => seconds >= size && seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return count === 1 ? `one ${name}` : `${count} ${name}s`;
}

export const DOWNLOAD_MSG = {
  linkInvalid: 'This download link is invalid. Ask for a new one.',
  linkExpired: 'This download link has expired. Ask for a new one.',
  /** The holder may no longer read the run (or the object is gone): alike, so a link reveals nothing more. */
  linkClosed:
    'This download link no longer opens: its file is gone, or its run is no longer visible to the account or link it was made for.',
  /** What the Download dialog says of the URLs it makes. */
  lifetime: (seconds: number) =>
    `Pre-signed URLs work without signing in for ${durationText(seconds)}, and only while the run stays visible to you: ` +
    'they stop at once when it is made private, you leave its group or your password changes.',
} as const;
