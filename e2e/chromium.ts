import path from 'node:path';

/** Debian's Chromium and the headless flags every browser run here uses (the e2e suite and the browser bench). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser features headless runs never use and pay for: Chromium 156 builds the address bar's WebUI popups
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page) in a renderer of their own for every new window, that
 * is for every browser context a spec opens. Measured on a 2-core machine: a fresh context up to the login page
 * 2.1 CPU-seconds with them, 0.9 without, and its sign-in 0.75 → 0.13–0.31 (same run, same server).
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${UNUSED_FEATURES.join(',')}`,
];

/**
 * How every run here launches Chromium (Playwright's launch options): through e2e/chromium-launcher.sh, which
 * starts CHROMIUM_PATH with the --disable-features above merged into Playwright's own list (Chromium keeps only the
 * last such switch, and Playwright's list carries fixes it relies on).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: path.join(import.meta.dirname, 'chromium-launcher.sh'),
  args: CHROMIUM_ARGS,
};
