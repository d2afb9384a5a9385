/**
 * `?component=AtlasXplore&run_id=…` (spec 03 §2.1): the signed-in explorer. The address mirrors the run and — our
 * permalink addition — the additional multi-sample runs and every view setting the explorer shows (features,
 * colouring, palette, background, where the plots look, …: ./state/permalink.ts), so a copied address restores
 * the view.
 */
import { useCallback, useEffect, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_VIEW_STATE } from '@atlas/contracts';
import { Explorer } from './Explorer';
import { claimFirstFrame } from './boot/handoff';
import { decodeViewQuery, encodeViewQuery, storedViewOf, storedViewOfQuery, viewQueryOf } from './state/permalink';
import { useExplorer } from './state/store';
import { markMounted } from './plots/timings';

export function AtlasXplore() {
  const [params, setParams] = useSearchParams();
  const urlRunId = decodeViewQuery(params).run_id;
  const run = useExplorer((s) => s.run);
  const samples = useExplorer((s) => s.samples);
  const view = useExplorer(useShallow(storedViewOf));
  const { openRun, setSamples, patch } = useExplorer(
    useShallow((s) => ({ openRun: s.openRun, setSamples: s.setSamples, patch: s.patch })),
  );

  useEffect(() => markMounted(), []);
  // The plots the page drew before the app for this address's run (./boot) wait for this explorer, which
  // opens the run after its first render: claimed before the app's first commit is over, they are not dropped.
  useLayoutEffect(() => claimFirstFrame(urlRunId), [urlRunId]);

  // Address → store: a run_id that differs from the open run opens it, with the permalink's view fields.
  useEffect(() => {
    if (urlRunId === (useExplorer.getState().run?.run_id ?? null)) return;
    if (!urlRunId) {
      openRun(null);
      return;
    }
    const decoded = decodeViewQuery(params);
    openRun({ run_id: urlRunId }, decoded.samples);
    patch(storedViewOfQuery(decoded));
  }, [urlRunId, params, openRun, patch]);

  // Store → address (replace: view tweaks are not history entries). Written to the address bar directly, keeping the
  // router's history state: a router navigation would render the whole app again for every gene picked (~40 ms
  // on a 2-core machine), and the router reads these fields only when an address is loaded or the user goes back.
  const runId = run?.run_id ?? null;
  useEffect(() => {
    if (runId !== urlRunId) return; // the address→store effect has not caught up yet
    const shown = new URLSearchParams(window.location.search);
    const next = encodeViewQuery(shown, viewQueryOf(view, runId, samples));
    if (next.toString() === shown.toString()) return;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}?${next.toString()}${hash}`);
  }, [view, samples, runId, urlRunId]);

  // Leaving the explorer closes the run so that the next visit starts clean.
  useEffect(() => () => useExplorer.getState().openRun(null), []);

  // Picking a run opens it with a fresh view (a history entry), with the ticked samples beside it. Begin on the
  // run already open only changes its samples and keeps the view; the store → address effect records them.
  const onSelectRun = useCallback(
    (id: string, samples: string[]) => {
      if (id === useExplorer.getState().run?.run_id) {
        setSamples(samples);
        return;
      }
      setParams((prev) =>
        encodeViewQuery(new URLSearchParams({ component: prev.get('component') ?? 'AtlasXplore' }), {
          ...DEFAULT_VIEW_STATE,
          run_id: id,
          samples,
        }),
      );
    },
    [setParams, setSamples],
  );

  return <Explorer onSelectRun={onSelectRun} />;
}
