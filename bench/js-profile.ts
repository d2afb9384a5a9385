/**
 * The JS a page runs, from V8's sampling profiler (CDP Profiler), apart from the main thread's other work. Chrome's
 * task counters (TaskDuration, and ScriptDuration when a WebGL call inside script blocks) also count the main
 * thread's waits for the GPU process (the compositor finishing its last frame), which under llvmpipe are seconds per
 * frame of millions of points: the JS side of a figure is the profile's samples in our code and V8's own work (GC),
 * not those waits (the profile's "(program)").
 */
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface JsTime {
  /** Samples in JS functions, ms. */
  js: number;
  /** Garbage collection, ms. */
  gc: number;
  /** Native main-thread work outside JS (layout, paint, waits for the GPU process), ms. */
  other: number;
}

/** Starts sampling the page's main thread (every 0.5 ms); `stop` ends it and sums the samples up to `untilMs`. */
export async function startJsProfile(page: Page): Promise<{ stop: () => Promise<(untilMs?: number) => JsTime> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      await cdp.detach();
      return (untilMs = Infinity) => sumSamples(profile, untilMs);
    },
  };
}

/** Sample time by kind up to `untilMs` after the profile started (the navigation, when started just before it). */
function sumSamples(profile: Profile, untilMs: number): JsTime {
  const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  const sums: JsTime = { js: 0, gc: 0, other: 0 };
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at / 1000 > untilMs) break;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = names.get(profile.samples[i]!);
    if (name === '(idle)') continue;
    if (name === '(garbage collector)') sums.gc += ms;
    else if (name === '(program)') sums.other += ms;
    else sums.js += ms;
  }
  return sums;
}
