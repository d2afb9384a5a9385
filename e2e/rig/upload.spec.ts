import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, apiToken, expect, shot, signIn, test } from '../fixtures';

/**
 * [SCALE-OUT]: a resumable upload through the deployment rig (issue 36). An admin uploads a 69 MB TIFF (random
 * pixels, so that a chunk out of place would change the checksum) in the Uploader; its 32 MiB chunks are answered
 * by both API processes (X-Atlas-Process), then the process that is next in nginx's turn is killed mid-upload. The
 * upload goes on through the other process to '(Uploaded)', the stored object's SHA-256 is the file's, and the rig
 * starts the killed process again, so that later specs find two.
 */
const RUN = 'D07300';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atlas-e2e-rig-upload-'));
const FILE = path.join(work, 'postB.tif');

// On a loaded shared machine the browser's upload through the rig ran at ~2 MB/s.
test.describe.configure({ timeout: 420_000 });

test.beforeAll(async () => {
  // 4800 × 4800 RGB: 69 MB, three chunks of 32 MiB (one for each process, then the one cut by the kill).
  const [width, height] = [4800, 4800];
  const pixels = randomBytes(width * height * 3);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .tiff({ compression: 'none' })
    .toFile(FILE);
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Asks the rig (apps/server/test/rig-server.ts) to kill or restart an API process; resolves when it is done. */
async function rigControl(name: string, action: 'kill' | 'restart'): Promise<void> {
  const reply = await fetch(`http://127.0.0.1:${process.env.RIG_CONTROL_PORT}/apis/${name}/${action}`, {
    method: 'POST',
  });
  expect(reply.status, await reply.text()).toBe(200);
}

/**
 * The process and status of every answer to a PATCH of the upload, in order, and a promise kept at the answer that
 * completes a chunk on each process (at that moment, not at a poll's next look: the last chunk is short).
 */
function patchAnswers(page: Page): { answers: { process: string; status: number }[]; bothTook: Promise<void> } {
  const answers: { process: string; status: number }[] = [];
  let bothTook!: () => void;
  const taken = new Promise<void>((resolve) => (bothTook = resolve));
  page.on('response', (response) => {
    if (response.request().method() !== 'PATCH' || !response.url().includes('/api/v1/uploads/')) return;
    answers.push({ process: response.headers()['x-atlas-process'] ?? 'none', status: response.status() });
    const took = new Set(answers.filter((a) => a.status === 204).map((a) => a.process));
    if (took.has('api-0') && took.has('api-1')) bothTook();
  });
  return { answers, bothTook: taken };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('[SCALE-OUT]: an upload whose chunks alternate between processes survives one being killed', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/?component=AtlasUploader');
  await page.getByLabel('Run ID (DXXX)').fill(RUN);
  await page.getByLabel('PostB file').setInputFiles(FILE);
  const area = page.getByRole('group', { name: 'PostB', exact: true });
  const { answers, bothTook } = patchAnswers(page);
  // A link of 4 MB/s up, so that the last chunk (5 MB) is still on its way when the kill comes: unthrottled, CI once
  // saw it answered before the test had looked (the whole upload done, nothing left to survive the kill).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  await area.getByRole('button', { name: 'Upload' }).click();

  // Both processes take a chunk; the one whose turn comes next is killed while the browser sends to it.
  await bothTook;
  const before = answers.length;
  const survivor = answers[before - 1]!.process;
  const killed = survivor === 'api-0' ? 'api-1' : 'api-0';
  try {
    await rigControl(killed, 'kill');
    await expect(area).toContainText('(Uploaded)', { timeout: 180_000 });
    await expect(area).toContainText(`Stored at data/${RUN}/images/postB.tif: 4800 × 4800, 8-bit uint`);
    await shot(page, 'rig-upload-survived-kill');
    // Every chunk acknowledged after the kill came through the surviving process.
    const after = answers.slice(before).filter((a) => a.status < 300);
    expect(after.length, JSON.stringify(answers)).toBeGreaterThan(0);
    expect(
      after.every((a) => a.process === survivor),
      JSON.stringify(answers),
    ).toBe(true);
    test.info().annotations.push({ type: 'PATCH answers', description: JSON.stringify(answers) });

    const headers = { authorization: `JWT ${await apiToken(page, ADMIN.username, ADMIN.password)}` };
    const signed = await page.request.post('/api/v1/storage/generate_presigned_url', {
      headers,
      data: { bucket_name: 'atx-data', key: `data/${RUN}/images/postB.tif`, method: 'GET' },
    });
    expect(signed.ok(), await signed.text()).toBeTruthy();
    const stored = await page.request.get(((await signed.json()) as { url: string }).url);
    expect(stored.ok()).toBeTruthy();
    expect(sha256(await stored.body())).toBe(sha256(fs.readFileSync(FILE)));
  } finally {
    await rigControl(killed, 'restart');
  }
  // Both processes answer again behind the proxy: nginx sends to the restarted one again once the site file's
  // fail_timeout (5 s) after the kill's failed attempt has passed, so this asks until both have answered.
  const names = new Set<string>();
  await expect
    .poll(
      async () => {
        names.add((await page.request.get('/api/v1/app')).headers()['x-atlas-process'] ?? 'none');
        return [...names].sort();
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toEqual(['api-0', 'api-1']);
});
