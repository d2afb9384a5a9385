/**
 * What a Zarr array's metadata declares (issue 33): its element count, item size, chunk shape and chunk count, and
 * so the most bytes a stored chunk may hold. The importer checks these before zarrita reads a chunk, and the
 * bounded codecs (zarr-codecs.ts) stop a chunk that inflates past its declared shape. Parsed from the metadata
 * document itself, because zarrita hides a sharded array's stored unit (the shard) behind its inner chunks.
 */

export interface ArrayBounds {
  /** Elements the array declares. */
  elements: number;
  /** Bytes per element; undefined for variable-length strings and objects. */
  itemBytes: number | undefined;
  /** Stored chunks (shards for a sharded array) the array is cut into. */
  chunks: number;
  /** Most bytes one stored chunk may hold once the store hands it over (codec headers and a shard index included). */
  maxStoredChunkBytes: number | undefined;
}

/** Room for codec headers (blosc's 16 bytes, zlib's 6, crc32c's 4) and incompressible data growing slightly. */
const slack = (bytes: number) => Math.ceil(bytes / 8) + 64 * 1024;

const V3_SIZES: Record<string, number> = {
  bool: 1,
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  float16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  int64: 8,
  uint64: 8,
  float64: 8,
  complex64: 8,
  complex128: 16,
};

/**
 * Bytes per element of a data type, as zarr v3 names it (`float32`), as zarr v2 writes it (`<f4`, `|b1`, `<U12`,
 * `|S8`), or as zarrita carries a v2 type (`v2:U12`); undefined for variable-length ones (`|O`, `string`).
 */
export function itemBytes(dataType: unknown): number | undefined {
  if (typeof dataType !== 'string') return undefined;
  if (dataType in V3_SIZES) return V3_SIZES[dataType];
  const v2 = /^(?:v2:)?[<>|=]?([biufcmMUS])(\d+)$/.exec(dataType);
  if (!v2) return undefined;
  const n = Number(v2[2]);
  return v2[1] === 'U' ? 4 * n : n;
}

const product = (values: readonly number[]) => values.reduce((p, v) => p * v, 1);
const isShape = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0);

/** Bounds from an array's metadata document (`.zarray` or an array's `zarr.json`); undefined when it is not one. */
export function arrayBounds(metadata: unknown): ArrayBounds | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const m = metadata as Record<string, unknown>;
  const v3 = m.zarr_format === 3;
  const shape = m.shape;
  const grid = v3 ? (m.chunk_grid as { configuration?: { chunk_shape?: unknown } } | undefined) : undefined;
  const chunkShape = v3 ? grid?.configuration?.chunk_shape : m.chunks;
  if (!isShape(shape) || !isShape(chunkShape) || chunkShape.length !== shape.length) return undefined;
  const size = itemBytes(v3 ? m.data_type : m.dtype);
  const chunks = product(shape.map((n, i) => Math.ceil(n / Math.max(1, chunkShape[i]!))));
  const stored = product(chunkShape);
  // A shard also holds its index: 16 bytes per inner chunk, and a checksum.
  const sharding = v3 && Array.isArray(m.codecs) ? m.codecs.find(isSharding) : undefined;
  const inner = sharding?.configuration?.chunk_shape;
  const index = isShape(inner)
    ? 16 * product(chunkShape.map((n, i) => Math.ceil(n / Math.max(1, inner[i] ?? 1)))) + 4
    : 0;
  return {
    elements: product(shape),
    itemBytes: size,
    chunks,
    maxStoredChunkBytes: size === undefined ? undefined : stored * size + slack(stored * size) + index,
  };
}

function isSharding(codec: unknown): codec is { configuration?: { chunk_shape?: unknown } } {
  return !!codec && typeof codec === 'object' && (codec as { name?: unknown }).name === 'sharding_indexed';
}

/** The most bytes a bytes-to-bytes codec may produce for a chunk of this shape and type (undefined: unknown). */
export function chunkOutputBound(meta: { dataType?: unknown; shape?: unknown }): number | undefined {
  const size = itemBytes(meta.dataType);
  if (size === undefined || !isShape(meta.shape)) return undefined;
  const bytes = product(meta.shape) * size;
  return bytes + slack(bytes);
}
