/**
 * A minimal Parquet writer for test fixtures (no writer is installed: hyparquet only reads, apache-arrow has no
 * Parquet): one row group, one uncompressed PLAIN data page per column, REQUIRED INT64 / DOUBLE / BYTE_ARRAY
 * columns, and key-value metadata (GeoParquet's `geo`, pandas' `pandas`). Node-only, for tests.
 */
export type TestParquetColumn =
  | { name: string; type: 'int64'; values: number[] }
  | { name: string; type: 'double'; values: number[] }
  | { name: string; type: 'bytes'; values: Uint8Array[] };

const PHYSICAL = { int64: 2, double: 5, bytes: 6 } as const;

export function writeTestParquet(columns: TestParquetColumn[], metadata: Record<string, string> = {}): Uint8Array {
  const numRows = columns[0]?.values.length ?? 0;
  const out = new Bytes();
  out.raw(ascii('PAR1'));
  const chunks: Thrift[] = [];
  for (const column of columns) {
    const page = plainValues(column);
    const offset = out.length;
    const header = new Thrift()
      .i32(1, 0)
      .i32(2, page.length)
      .i32(3, page.length)
      .struct(5, new Thrift().i32(1, numRows).i32(2, 0).i32(3, 3).i32(4, 3));
    out.raw(header.end());
    out.raw(page);
    const size = out.length - offset;
    const meta = new Thrift()
      .i32(1, PHYSICAL[column.type])
      .list(
        2,
        5,
        [0, 3].map((e) => (t: Thrift) => t.varint(zigzag(e))),
      )
      .list(3, 8, [(t: Thrift) => t.binary(ascii(column.name))])
      .i32(4, 0)
      .i64(5, numRows)
      .i64(6, size)
      .i64(7, size)
      .i64(9, offset);
    chunks.push(new Thrift().i64(2, offset).struct(3, meta));
  }
  const schema = [
    new Thrift().binary(4, ascii('schema')).i32(5, columns.length),
    ...columns.map((c) => new Thrift().i32(1, PHYSICAL[c.type]).i32(3, 0).binary(4, ascii(c.name))),
  ];
  const rowGroup = new Thrift()
    .list(
      1,
      12,
      chunks.map((c) => (t: Thrift) => t.raw(c.end())),
    )
    .i64(2, out.length)
    .i64(3, numRows);
  const footer = new Thrift()
    .i32(1, 1)
    .list(
      2,
      12,
      schema.map((s) => (t: Thrift) => t.raw(s.end())),
    )
    .i64(3, numRows)
    .list(4, 12, [(t: Thrift) => t.raw(rowGroup.end())])
    .list(
      5,
      12,
      Object.entries(metadata).map(
        ([key, value]) =>
          (t: Thrift) =>
            t.raw(new Thrift().binary(1, ascii(key)).binary(2, new TextEncoder().encode(value)).end()),
      ),
    )
    .end();
  out.raw(footer);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, footer.length, true);
  out.raw(length);
  out.raw(ascii('PAR1'));
  return out.bytes();
}

/** A WKB point (little-endian), as geopandas writes a circle's centre. */
export function wkbPoint(x: number, y: number): Uint8Array {
  const bytes = new Uint8Array(21);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 1);
  view.setUint32(1, 1, true);
  view.setFloat64(5, x, true);
  view.setFloat64(13, y, true);
  return bytes;
}

function plainValues(column: TestParquetColumn): Uint8Array {
  const out = new Bytes();
  for (const v of column.values) {
    if (column.type === 'bytes') {
      const value = v as Uint8Array;
      const length = new Uint8Array(4);
      new DataView(length.buffer).setUint32(0, value.length, true);
      out.raw(length);
      out.raw(value);
      continue;
    }
    const eight = new Uint8Array(8);
    const view = new DataView(eight.buffer);
    if (column.type === 'int64') view.setBigInt64(0, BigInt(v as number), true);
    else view.setFloat64(0, v as number, true);
    out.raw(eight);
  }
  return out.bytes();
}

const ascii = (text: string) => new TextEncoder().encode(text);
const zigzag = (n: number) => (n << 1) ^ (n >> 31);

class Bytes {
  private parts: number[] = [];
  get length(): number {
    return this.parts.length;
  }
  raw(bytes: Uint8Array): this {
    for (const b of bytes) this.parts.push(b);
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** Thrift's compact protocol, the fields of one struct (ids ascending, deltas of 1–15). */
class Thrift extends Bytes {
  private last = 0;
  private header(id: number, type: number): this {
    this.raw(Uint8Array.of(((id - this.last) << 4) | type));
    this.last = id;
    return this;
  }
  varint(value: number | bigint): this {
    let v = BigInt(value);
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v > 0n) byte |= 0x80;
      this.raw(Uint8Array.of(byte));
    } while (v > 0n);
    return this;
  }
  i32(id: number, value: number): this {
    return this.header(id, 5).varint(zigzag(value) >>> 0);
  }
  i64(id: number, value: number): this {
    const v = BigInt(value);
    return this.header(id, 6).varint((v << 1n) ^ (v >> 63n));
  }
  binary(id: number, value: Uint8Array): this;
  binary(value: Uint8Array): this;
  binary(a: number | Uint8Array, b?: Uint8Array): this {
    if (typeof a === 'number') this.header(a, 8);
    const value = typeof a === 'number' ? b! : a;
    return this.varint(value.length).raw(value);
  }
  struct(id: number, inner: Thrift): this {
    return this.header(id, 12).raw(inner.end());
  }
  list(id: number, elementType: number, items: ((t: Thrift) => unknown)[]): this {
    this.header(id, 9);
    if (items.length < 15) this.raw(Uint8Array.of((items.length << 4) | elementType));
    else this.raw(Uint8Array.of(0xf0 | elementType)).varint(items.length);
    for (const item of items) item(this);
    return this;
  }
  end(): Uint8Array {
    return Uint8Array.of(...this.bytes(), 0);
  }
}
