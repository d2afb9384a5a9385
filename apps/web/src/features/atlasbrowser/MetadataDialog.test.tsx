// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ATLASBROWSER_MSG } from '@atlas/contracts';
import { MetadataDialog } from './dialogs';
import { EMPTY_METADATA } from './metadata';

afterEach(cleanup);

const dialog = (barcodeFiles: string[] | undefined, barcodeFilesError: string | null = null) => (
  <MetadataDialog
    run="D90002"
    initial={{ metadata: EMPTY_METADATA, barcodeKey: 'barcodes/demo-bc50.txt', mapping: '' }}
    options={undefined}
    barcodeFiles={barcodeFiles}
    barcodeFilesError={barcodeFilesError}
    mapping={[]}
    slims={false}
    barcodeError={null}
    checking={false}
    onConfirm={() => {}}
    onClose={() => {}}
  />
);

describe('MetadataDialog', () => {
  it('waits for the barcode files before their field opens or Confirm is offered', () => {
    const { rerender } = render(dialog(undefined));
    const field = () => screen.getByRole('combobox', { name: /Barcode File/ });
    const confirm = () => screen.getByRole('button', { name: 'Confirm' });
    expect(field().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(ATLASBROWSER_MSG.barcodeFilesLoading)).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);

    rerender(dialog(['barcodes/demo-bc50.txt']));
    expect(field().getAttribute('aria-disabled')).toBeNull();
    expect(field().textContent).toBe('demo-bc50.txt');
    expect(screen.queryByText(ATLASBROWSER_MSG.barcodeFilesLoading)).toBeNull();
    expect(confirm()).toHaveProperty('disabled', false);
  });

  it('says when the folder holds none, and why it could not be listed', () => {
    const { rerender } = render(dialog([]));
    expect(screen.getByText(ATLASBROWSER_MSG.noBarcodeFiles)).toBeTruthy();
    rerender(dialog(undefined, 'The storage cannot be reached.'));
    expect(screen.getByText('The storage cannot be reached.')).toBeTruthy();
  });
});
