// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EXPLORER_MSG, type TTaskState } from '@atlas/contracts';
import { useExplorer } from '../state/store';
import { useSeqLogoTask } from '../data/tasks';
import { MotifLogoPanel } from './MotifLogoPanel';

vi.mock('../data/tasks', () => ({ useSeqLogoTask: vi.fn() }));
const task = vi.mocked(useSeqLogoTask);

const state = (values: Partial<TTaskState>): TTaskState => ({
  _id: 'b1e0c0de-0000-4000-8000-000000000000',
  task: 'gene.seq_logo',
  queue: 'atxcloud_gene',
  status: 'PENDING',
  progress: 0,
  position: null,
  result: null,
  error: null,
  requested_by: null,
  description: null,
  run_id: 'D90001',
  created_at: '',
  updated_at: '',
  ...values,
});

const retry = vi.fn();
const answer = (s: TTaskState | undefined, posting = false) =>
  task.mockReturnValue({ state: s, posting, error: null, retry });

beforeEach(() => {
  useExplorer.getState().openRun({ run_id: 'D90001' });
  useExplorer.getState().setKind('motifs');
  answer(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MotifLogoPanel', () => {
  it('asks for one motif, and for a single one when several are chosen, without a task', () => {
    render(<MotifLogoPanel />);
    expect(screen.getByText(EXPLORER_MSG.chooseOneMotif)).toBeTruthy();
    expect(task).toHaveBeenLastCalledWith({ run_id: 'D90001' }, null);
    cleanup();
    useExplorer.getState().setFeatures(['MA0001.1_Ctcf', 'MA0002.1_Sox2']);
    render(<MotifLogoPanel />);
    expect(screen.getByText(EXPLORER_MSG.oneMotifAtATime)).toBeTruthy();
    expect(task).toHaveBeenLastCalledWith({ run_id: 'D90001' }, null);
  });

  it('shows the queue position, then the progress, then the logo of the chosen motif', () => {
    useExplorer.getState().setFeatures(['MA0001.1_Ctcf']);
    answer(state({ status: 'PENDING', position: 2 }));
    const { rerender } = render(<MotifLogoPanel />);
    expect(task).toHaveBeenLastCalledWith({ run_id: 'D90001' }, 'MA0001.1_Ctcf');
    expect(screen.getByText(EXPLORER_MSG.seqLogoQueued(2))).toBeTruthy();
    answer(state({ status: 'PROGRESS', progress: 40 }));
    rerender(<MotifLogoPanel />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    answer(
      state({
        status: 'SUCCESS',
        progress: 100,
        result: [
          [
            ['A', 0],
            ['C', 1],
            ['G', 0],
            ['T', 0],
          ],
        ],
      }),
    );
    rerender(<MotifLogoPanel />);
    expect(screen.getByRole('img', { name: EXPLORER_MSG.seqLogoLabel('MA0001.1_Ctcf', 'C') })).toBeTruthy();
  });

  it('says the worker failed, with its error, and posts again on request', () => {
    useExplorer.getState().setFeatures(['MA0001.1_Ctcf']);
    answer(state({ status: 'FAILURE', error: 'Motif not found' }));
    render(<MotifLogoPanel />);
    expect(screen.getByRole('alert').textContent).toContain('Worker failed in AtlasXplore: Motif not found');
    fireEvent.click(screen.getByRole('button', { name: EXPLORER_MSG.retry }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('refuses a result that is not a logo', () => {
    useExplorer.getState().setFeatures(['MA0001.1_Ctcf']);
    answer(state({ status: 'SUCCESS', result: { top_selected: [] } }));
    render(<MotifLogoPanel />);
    expect(screen.getByRole('alert').textContent).toContain(
      `${EXPLORER_MSG.workerFailed}: The sequence logo result is malformed`,
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
