import { createHash } from 'node:crypto';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of the web app's page (issue "Hardening"): scripts only from our origin plus the one
 * inline preload script the build writes (allowed by its hash, so an injected script never runs), no plugins, no
 * framing, no foreign form targets. Styles allow inline because MUI's emotion writes <style> elements at run time.
 * Signed storage URLs may point at the S3 endpoint, which `connect-src` and `img-src` therefore name.
 */
export function appPolicy(html: string, config: Pick<Config, 's3' | 'publicUrl'>): string {
  const hashes = inlineScriptHashes(html).map((hash) => `'sha256-${hash}'`);
  const storage = storageOrigins(config);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${storage}`.trim(),
    `connect-src 'self' ${storage}`.trim(),
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Base64 SHA-256 of each inline <script> element's text, as CSP hash sources take them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64'),
    );
  }
  return hashes;
}

function storageOrigins(config: Pick<Config, 's3' | 'publicUrl'>): string {
  const origins = new Set<string>();
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
  if (config.s3) origins.add(config.s3.endpoint ? new URL(config.s3.endpoint).origin : 'https://*.amazonaws.com');
  return [...origins].join(' ');
}
