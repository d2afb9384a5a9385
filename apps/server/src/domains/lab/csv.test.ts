import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsv, normaliseHeader, readLabCsv, typedValue } from './csv.js';

const WAFER = { key: 'wafer_id', aliases: { waferid: 'wafer_id' } };
const CHIP = { key: 'chip_id', aliases: { chipid: 'chip_id', waferid: 'wafer_id' } };

/**
 * A realistic export: Excel with a UTF-8 BOM and CRLF, pandas' unnamed index column, camelCase and spaced
 * headers, a duplicated "Notes" column, a quoted note with a comma and a line break, trailing empty columns,
 * a repeated wafer (later row wins), and hundreds of empty rows at the end.
 */
const MESSY =
  '\ufeff,WaferID,Generation,Diameter (mm),Date Acquired,Notes,Notes,lotNumber,,\r\n' +
  '0,W001,3,100,2024-01-05,"cleaned, re-measured",x,00123,,\r\n' +
  '1,W002,3,150.5,2024-01-06,"line one\r\nline two ""quoted""",,7,,\r\n' +
  '2,D00012,4,1e2,2024-02-01,,,,,\r\n' +
  '3,W001,5,100,2024-03-01,replaced,,,,\r\n' +
  ',,,,,,,,,\r\n'.repeat(300);

describe('CSV decoding and parsing', () => {
  it('a semicolon file with lone CR line ends imports', () => {
    const r = readLabCsv('wafer_id;generation\rW1;3\r', WAFER);
    expect(r.records[0]!.record).toEqual({ wafer_id: 'W1', generation: 3 });
  });

  it('an unterminated quote names its line', () => {
    expect(() => readLabCsv('wafer_id,b\nW1,"open\nstill open', WAFER)).toThrow(
      new CsvError('A quoted field starting on line 2 is never closed.'),
    );
  });

  it('decodes Windows-1252 when the bytes are not UTF-8', () => {
    const warnings: string[] = [];
    expect(decodeCsv(Buffer.from([0x63, 0x61, 0x66, 0xe9]), warnings)).toBe('café');
    expect(warnings[0]).toMatch(/Windows-1252/);
  });
});

describe('headers and values', () => {
  it.each([
    ['WaferID', 'wafer_id'],
    ['Wafer ID', 'wafer_id'],
    ['waferId', 'wafer_id'],
    ['Date Acquired', 'date_acquired'],
    ['date-acquired', 'date_acquired'],
    ['chip_a_id', 'chip_a_id'],
    ['Diameter (mm)', 'diameter_mm'],
    ['QCScore', 'qc_score'],
    ['  Run ID  ', 'run_id'],
    ['###', ''],
  ])('%s → %s', (raw, normalised) => expect(normaliseHeader(raw)).toBe(normalised));

  it('numbers stay numbers, ids and zero-padded codes stay text', () => {
    expect(typedValue('100', false)).toBe(100);
    expect(typedValue(' -2.5 ', false)).toBe(-2.5);
    expect(typedValue('1e2', false)).toBe(100);
    expect(typedValue('0.25', false)).toBe(0.25);
    expect(typedValue('00123', false)).toBe('00123');
    expect(typedValue('D00012', false)).toBe('D00012');
    expect(typedValue('12', true)).toBe('12');
    expect(typedValue('1,234', false)).toBe('1,234');
    expect(typedValue('1234567890123456789', false)).toBe('1234567890123456789');
    expect(typedValue('NaN', false)).toBe('NaN');
    expect(typedValue('', false)).toBe('');
  });
});

describe('readLabCsv on a messy lab export', () => {
  const result = readLabCsv(Buffer.from(MESSY, 'utf8'), WAFER);

  it('normalises columns, drops the index and the trailing empty columns, renames the repeated one', () => {
    expect(result.columns).toEqual([
      'wafer_id',
      'generation',
      'diameter_mm',
      'date_acquired',
      'notes',
      'notes_2',
      'lot_number',
    ]);
    expect(result.warnings).toContain("Column 'notes' appears more than once; the repeat is kept as 'notes_2'.");
  });

  it('types values, keeps ids as text, keeps quoted commas and newlines', () => {
    const byKey = Object.fromEntries(result.records.map((r) => [r.key, r.record]));
    expect(byKey.W002).toEqual({
      wafer_id: 'W002',
      generation: 3,
      diameter_mm: 150.5,
      date_acquired: '2024-01-06',
      notes: 'line one\nline two "quoted"',
      notes_2: '',
      lot_number: 7,
    });
    expect(byKey.D00012!.wafer_id).toBe('D00012');
    expect(byKey.D00012!.diameter_mm).toBe(100);
  });

  it('the later of two rows with one key wins and is reported; empty rows are skipped and counted', () => {
    const w1 = result.records.find((r) => r.key === 'W001')!;
    expect(w1.record).toMatchObject({ generation: 5, notes: 'replaced' });
    expect(w1.row).toBe(5);
    expect(w1.line).toBe(6);
    expect(result.records.map((r) => r.key)).toEqual(['W001', 'W002', 'D00012']);
    expect(result.duplicates).toEqual([{ key: 'W001', rows: [2, 5] }]);
    expect(result.superseded).toBe(1);
    expect(result.emptyRows).toBe(300);
    expect(result.warnings.some((w) => w.includes("wafer_id 'W001' appears in rows 2, 5"))).toBe(true);
  });

  it('lot numbers with leading zeros stay text', () => {
    expect(result.records.find((r) => r.key === 'W001')!.record.lot_number).toBe('');
    const first = readLabCsv('wafer_id,lot\nW9,00123\n', WAFER);
    expect(first.records[0]!.record.lot).toBe('00123');
  });
});

describe('readLabCsv rejections', () => {
  const fails = (text: string, spec = WAFER) => {
    try {
      readLabCsv(text, spec);
    } catch (error) {
      expect(error).toBeInstanceOf(CsvError);
      return (error as Error).message;
    }
    throw new Error('expected a CsvError');
  };

  it('empty file and no key column', () => {
    expect(fails('')).toBe('The CSV file is empty.');
    expect(fails('\ufeff\r\n\r\n')).toBe('The CSV file is empty.');
    expect(fails('name,generation\nx,1\n')).toBe('The CSV file has no wafer_id column (columns: name, generation).');
  });

  it('a non-empty row without a key names the row and line', () => {
    expect(fails('wafer_id,notes\nW1,a\n,"orphan\nnote"\n')).toBe('Row 3 (line 3) has no wafer_id.');
    expect(fails('wafer_id,notes\nW1,a\n"x\ny",b\n  ,c\n')).toBe('Row 4 (line 5) has no wafer_id.');
  });

  it('a row with more values than columns', () => {
    expect(fails('wafer_id,notes\nW1,a,surprise\n')).toMatch(
      /^Row 2 \(line 2\) has 3 values but the header has 2 columns\.$/,
    );
    expect(readLabCsv('wafer_id,notes\nW1,a,,\n', WAFER).records).toHaveLength(1);
  });
});

describe('chips: aliases', () => {
  it('waferid and ChipID map to wafer_id and chip_id', () => {
    const r = readLabCsv('ChipID,waferid,Diameter\nC1,W1,10\n', CHIP);
    expect(r.columns).toEqual(['chip_id', 'wafer_id', 'diameter']);
    expect(r.records[0]!.record).toEqual({ chip_id: 'C1', wafer_id: 'W1', diameter: 10 });
  });

  it('with both spellings the alias column stays for the service to fold', () => {
    const r = readLabCsv('chip_id,wafer_id,waferid\nC1,,W7\n', CHIP);
    expect(r.records[0]!.record).toEqual({ chip_id: 'C1', wafer_id: '', waferid: 'W7' });
  });

  it('an unnamed column in the middle with values becomes column_n', () => {
    const r = readLabCsv('chip_id,,x\nC1,v,1\n', CHIP);
    expect(r.columns).toEqual(['chip_id', 'column_2', 'x']);
  });
});
