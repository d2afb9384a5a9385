import http from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * Streams `megabytes` of data in 1 MiB chunks with a PUT to `url` (no buffering on our side), sampling the
 * server's RSS while it runs. Returns MB/s and the RSS growth, which must stay flat for a streamed upload.
 */
export async function timedUpload(
  url: string,
  megabytes: number,
  serverRssMb: () => number,
): Promise<{ mbPerSecond: number; rssBeforeMb: number; rssPeakMb: number; status: number }> {
  const chunk = randomBytes(1024 * 1024);
  const rssBeforeMb = serverRssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, serverRssMb())), 100);
  const started = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(megabytes * chunk.length) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < megabytes) {
        sent++;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { mbPerSecond: (megabytes * 1.048576) / seconds, rssBeforeMb, rssPeakMb, status };
}
