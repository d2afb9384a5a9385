/**
 * The two dense kernels the randomized PCA needs, on small row-major Float64 work arrays (n × l with l ≈ 40,
 * and l × l), so plain loops are enough: column orthonormalisation and a symmetric eigen-decomposition.
 */

/**
 * Orthonormalises the columns of a row-major rows × cols matrix in place (modified Gram–Schmidt, twice for
 * stability). A column that vanishes (rank deficiency) is left at zero rather than filled with noise.
 */
export function orthonormalizeColumns(a: Float64Array, rows: number, cols: number): void {
  for (let c = 0; c < cols; c++) {
    for (let pass = 0; pass < 2; pass++) {
      for (let p = 0; p < c; p++) {
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += a[i * cols + c]! * a[i * cols + p]!;
        for (let i = 0; i < rows; i++) a[i * cols + c]! -= dot * a[i * cols + p]!;
      }
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += a[i * cols + c]! ** 2;
    norm = Math.sqrt(norm);
    const scale = norm > 1e-12 ? 1 / norm : 0;
    for (let i = 0; i < rows; i++) a[i * cols + c]! *= scale;
  }
}

/**
 * Cyclic Jacobi eigen-decomposition of a symmetric n × n matrix (row-major, not modified).
 * Returns eigenvalues in descending order and the matching eigenvectors as columns of a row-major matrix.
 */
export function symmetricEigen(matrix: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y * n + y]! - a[x * n + x]!);
  const values = Float64Array.from(order, (i) => a[i * n + i]!);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src]!;
  });
  return { values, vectors };
}
