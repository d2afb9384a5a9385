/** @vitest-environment jsdom */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeTixelTable } from '@atlas/spatial/tixel-table';
import type { HandedDeck } from '@atlas/viz/core';
import { earlyDataAddress } from './earlyRequests';
import { opensDefaultView, startFirstFrame } from './draw';
import {
  claimFirstFrame,
  dropFirstFrame,
  dropUnclaimedFirstFrame,
  holdFirstFrame,
  takeFirstFrameData,
  takeFirstFrameDeck,
} from './handoff';

const handed = () => {
  const deck = { finalize: vi.fn() } as unknown as HandedDeck['deck'];
  return { deck, canvas: document.createElement('canvas'), release: vi.fn() } satisfies HandedDeck;
};

const hold = (runId: string, deck: HandedDeck | null) =>
  holdFirstFrame({ runId, data: Promise.resolve(undefined), handed: deck, claimed: false, open: true });

describe('the first frame hand-off', () => {
  it('hands the Deck once, to the explorer of the run it drew, and drops it without finalising what was taken', () => {
    const first = handed();
    hold('D00001', first);
    expect(takeFirstFrameDeck('D00002')).toBeNull();
    expect(takeFirstFrameDeck('D00001')).toBe(first);
    expect(takeFirstFrameDeck('D00001')).toBeNull();
    dropFirstFrame();
    expect(first.deck.finalize).not.toHaveBeenCalled();
    expect(first.release).not.toHaveBeenCalled();
  });

  it("goes when the app's first render did not open its run, and stays for the explorer that claimed it", () => {
    const unclaimed = handed();
    hold('D00001', unclaimed);
    claimFirstFrame('D00002');
    dropUnclaimedFirstFrame();
    expect(unclaimed.deck.finalize).toHaveBeenCalledOnce();
    expect(unclaimed.release).toHaveBeenCalledOnce();
    expect(takeFirstFrameDeck('D00001')).toBeNull();

    const claimed = handed();
    hold('D00001', claimed);
    claimFirstFrame('D00001');
    dropUnclaimedFirstFrame();
    expect(claimed.deck.finalize).not.toHaveBeenCalled();
    expect(takeFirstFrameDeck('D00001')).toBe(claimed);
  });

  it("gives the run's data once and only for its run", async () => {
    const data = { runId: 'D00001' } as never;
    holdFirstFrame({ runId: 'D00001', data: Promise.resolve(data), handed: null, claimed: false, open: true });
    expect(takeFirstFrameData('D00002')).toBeUndefined();
    expect(await takeFirstFrameData('D00001')).toBe(data);
    expect(takeFirstFrameData('D00001')).toBeUndefined();
    // A read that failed gives nothing: the explorer's query asks the server itself.
    holdFirstFrame({ runId: 'D00003', data: Promise.reject(new Error('x')), handed: null, claimed: false, open: true });
    expect(await takeFirstFrameData('D00003')).toBeUndefined();
  });
});

describe('startFirstFrame', () => {
  /** A run imported without positions (NaN spatial coordinates). */
  const umapOnlyTable = () =>
    encodeTixelTable('D00001', {
      clusters: ['C1', 'C2', 'C1', 'C2'],
      spatial: new Float64Array(8).fill(NaN),
      umap: new Float32Array(8).map((_, i) => i),
    });
  const early = (response: Response) => {
    window.__atlasEarly = { [earlyDataAddress('D00001')]: Promise.resolve(response) };
    window.history.replaceState(null, '', '/?component=AtlasXplore&run_id=D00001');
  };
  beforeEach(() => {
    delete window.__atlasEarly;
    document.body.innerHTML = '';
  });

  it("draws a plain address's run only: a permalink's view (features, mode, samples…) is the explorer's to draw", async () => {
    const query = (q: string) => new URLSearchParams(q);
    expect(opensDefaultView(query('?component=AtlasXplore&run_id=D00001'))).toBe(true);
    expect(opensDefaultView(query('?component=AtlasXplore&run_id=D00001&kind=motifs'))).toBe(true);
    expect(opensDefaultView(query('?component=AtlasXplore&run_id=D00001&v=2&features=Gfap'))).toBe(false);
    expect(opensDefaultView(query('?component=AtlasXplore&run_id=D00001&mode=celltype'))).toBe(false);
    early(new Response(new ArrayBuffer(8)));
    window.history.replaceState(null, '', '/?component=AtlasXplore&run_id=D00001&samples=D00002');
    await startFirstFrame();
    // Left for the app: the inline script's request is still there, unread.
    expect(window.__atlasEarly![earlyDataAddress('D00001')]).toBeDefined();
    expect(takeFirstFrameData('D00001')).toBeUndefined();
  });

  it('draws nothing without the inline script’s request, and leaves other runs to the app', async () => {
    window.history.replaceState(null, '', '/?component=AtlasXplore&run_id=D00001');
    await startFirstFrame();
    expect(takeFirstFrameData('D00001')).toBeUndefined();
  });

  it('gives a refused answer back for the app, unread', async () => {
    const refused = new Response('{"message":"no"}', { status: 403 });
    early(refused);
    await startFirstFrame();
    expect(await takeFirstFrameData('D00001')).toBeUndefined();
    expect(await window.__atlasEarly![earlyDataAddress('D00001')]).toBe(refused);
    expect(refused.bodyUsed).toBe(false);
    expect(document.querySelector('[data-testid="first-frame"]')).toBeNull();
  });

  it("reads the run's table for the explorer, and leaves a UMAP-only run's plots to it", async () => {
    const bytes = umapOnlyTable();
    early(new Response(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer));
    await startFirstFrame();
    expect(window.__atlasEarly![earlyDataAddress('D00001')]).toBeUndefined();
    const data = await takeFirstFrameData('D00001');
    expect(data).toMatchObject({ runId: 'D00001', n: 4, hasSpatial: false, clusterNames: ['C1', 'C2'] });
    expect(document.querySelector('[data-testid="first-frame"]')).toBeNull();
  });
});
