import { describe, expect, it } from 'vitest';
import { parseBarcodes, pickBarcodes } from './barcodes.js';
import { formatDataCsv, parseDataCsv, pickDataCsvRows, selectDataCsvRows } from './data-csv.js';
import { checkRowsWithin, MAX_ROW_BYTES } from './pick-lines.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The file's bytes in pieces of `size` bytes, as a stream hands them over. */
const inPieces = (text: string, size: number) => {
  const all = bytes(text);
  return Array.from({ length: Math.ceil(all.length / size) }, (_, k) => all.subarray(k * size, (k + 1) * size));
};

/** What picking must equal, whole or in pieces of every size: the whole file parsed, then the rows taken. */
async function expectSameRows(text: string, rows: number[]) {
  const expected = selectDataCsvRows(parseDataCsv(text), rows);
  for (const size of [1, 2, 3, 7, 64, text.length + 1])
    expect(await pickDataCsvRows(inPieces(text, size), rows), `pieces of ${size}`).toEqual(expected);
}

const TRICKY =
  '"C1",1,2,3,4,5,6,"T ""naive"", CD4+"\r\n' +
  '\n' +
  'C2,1.5,2,3,4,5,6,"two\nlines"\r\n' +
  'C4,7,8,9,10,11,12,"a ""b"""\n' +
  'C"3,x"y,1,2,3,4,5,6,T"'; // the last quote never closes: the row runs to the end of the file

describe('rows picked from their lines', () => {
  it('reads the rows of a data.csv as the whole parse does: quotes, line breaks in quotes, CRLF, blank lines', async () => {
    for (const rows of [[0], [1], [2], [3], [0, 2], [1, 3], [0, 1, 2, 3]]) await expectSameRows(TRICKY, rows);
    expect((await pickDataCsvRows([bytes(TRICKY)], [1, 2])).cellTypes).toEqual(['two\nlines', 'a "b"']);
  });

  it('picks from every width of data.csv', async () => {
    const base = {
      clusters: ['C1', 'C2', 'C3'],
      spatial: Float64Array.of(1, 2, 3, 4, 5, 6),
      umap: Float32Array.of(0.5, 1.5, 2.5, 3.5, 4.5, 5.5),
      qc: [Float32Array.of(1, 2, 3), Float32Array.of(4, 5, 6)] as [Float32Array, Float32Array],
    };
    for (const extra of [
      {},
      { cellTypes: ['T', 'B, naive', 'NK'] },
      { sample: ['s1', 's1', 's2'], condition: ['a', 'b', 'c'] },
      { sample: ['s1', 's1', 's2'], condition: ['a', 'b', 'c'], cellTypes: ['T', 'B', 'NK'] },
    ])
      await expectSameRows(formatDataCsv({ ...base, ...extra }), [0, 2]);
  });

  it('says which row is missing and how many the file has', async () => {
    const text = 'C1,1,2,3,4,5,6\nC2,1,2,3,4,5,6\n\n';
    await expect(pickDataCsvRows(inPieces(text, 5), [1, 2, 5])).rejects.toMatchObject({ row: 2, rowCount: 2 });
    expect(() => selectDataCsvRows(parseDataCsv(text), [0, 3, 4])).toThrow(
      expect.objectContaining({ row: 3, rowCount: 2 }),
    );
    expect(() => checkRowsWithin([0, 1], 2)).not.toThrow();
    expect(() => checkRowsWithin([0, 2, 3], 2)).toThrow(expect.objectContaining({ row: 2, rowCount: 2 }));
  });

  it('stops reading after the last row asked for, and refuses a row that never ends', async () => {
    let read = 0;
    function* counted() {
      for (const piece of inPieces('C1,1,2,3,4,5,6\n'.repeat(1000), 100)) {
        read++;
        yield piece;
      }
    }
    expect((await pickDataCsvRows(counted(), [3])).clusters).toEqual(['C1']);
    expect(read).toBe(1);
    const unclosed = [bytes('C1,1,2,3,4,5,6\n"'), new Uint8Array(MAX_ROW_BYTES + 1).fill(0x61)];
    await expect(pickDataCsvRows(unclosed, [0, 1])).rejects.toThrow(/Row 2 is longer than/);
  });

  it('finds the rows of a large file without quotes in one pass (a search per row from there would not end)', async () => {
    const n = 200_000;
    const text = Array.from({ length: n }, (_, i) => `C${i % 7},${i},${i + 1},0.5,0.25,3,4`).join('\n') + '\n';
    const rows = Array.from({ length: 200 }, (_, k) => k * 997);
    for (const pieces of [[bytes(text)], inPieces(text, 1 << 16)]) {
      const picked = await pickDataCsvRows(pieces, rows);
      expect(picked.clusters).toEqual(rows.map((r) => `C${r % 7}`));
      expect(Array.from(picked.spatial.filter((_, i) => i % 2 === 0))).toEqual(rows);
    }
  });

  it('reads the names of barcodes.txt as parseBarcodes does, an empty line being a name', async () => {
    for (const text of ['AAAC-1\nAAAG-1\r\n\nAACT-1\n', 'x\ny', '"q,1"\nz\n']) {
      const all = parseBarcodes(text);
      const rows = all.map((_, i) => i).filter((i) => i % 2 === 1 || i === all.length - 1);
      for (const size of [1, 4, 100])
        expect(await pickBarcodes(inPieces(text, size), rows)).toEqual(rows.map((r) => all[r]));
    }
    await expect(pickBarcodes([bytes('a\nb\n')], [2])).rejects.toMatchObject({ row: 2, rowCount: 2 });
  });
});
