"""Reference values for group-summaries.test.ts: scipy.stats.gaussian_kde (Scott's bandwidth), numpy.percentile
(linear) and the dot plot's fraction > 0 and mean over the group, as scanpy's sc.pl.dotplot computes them.

Run from the repository root with Debian's python3-scipy / python3-numpy:
    python3 packages/spatial/src/stats/reference/group_summaries_reference.py
"""
import numpy as np
from scipy.stats import gaussian_kde

values = np.array([0, 0, 1.5, 2, 3, 0, 4, 5.5, 0.2, 7, 0.5, 0.5], dtype=np.float64)
codes = np.array([0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2])
points = 5
grid = np.linspace(values.min(), values.max(), points)
print("grid", grid.tolist())
for g in range(3):
    v = values[codes == g]
    print(f"group {g}: fraction {float((v > 0).mean())!r}, mean {float(v.mean())!r}")
    print("  quartiles", [float(np.percentile(v, q)) for q in (0, 25, 50, 75, 100)])
    print("  density", gaussian_kde(v)(grid).tolist())
