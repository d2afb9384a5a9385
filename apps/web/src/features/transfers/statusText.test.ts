import { describe, expect, it } from 'vitest';
import type { TTaskState } from '@atlas/contracts';
import { statusText } from './TransferProgress';

const task = (state: Partial<TTaskState>): TTaskState => ({
  _id: 't1',
  task: 'core.download_from_ftp_to_s3',
  queue: 'atxcloud_core',
  status: 'PROGRESS',
  progress: 0,
  position: null,
  result: null,
  error: null,
  requested_by: 'admin',
  description: null,
  run_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...state,
});

describe('a transfer status line', () => {
  it('says the share read when a task fails, as its bar shows it', () => {
    expect(statusText(task({ status: 'FAILURE', progress: 100, error: 'x.fq.gz: checksum mismatch' }))).toBe(
      'FAILURE · 100%: x.fq.gz: checksum mismatch',
    );
    // A listing, or a download that read nothing, has no share to show.
    expect(statusText(task({ status: 'FAILURE', progress: 0, error: 'FTP: 530 Login incorrect' }))).toBe(
      'FAILURE: FTP: 530 Login incorrect',
    );
    expect(statusText(task({ status: 'PROGRESS', progress: 29.6 }))).toBe('PROGRESS · 30%');
  });
});
