"""Reference values for fisher.test.ts and composition.test.ts (scipy.stats.fisher_exact, two-sided).

Run from the repository root with Debian's python3-scipy (scipy 1.17.1 when the values were taken):
    python3 packages/spatial/src/stats/reference/fisher_reference.py
and copy the printed lines into the tests. Tables are [[a, b], [c, d]]: rows in / out of the selection,
columns in / out of the group.
"""
from scipy.stats import fisher_exact
import numpy as np
from scipy.special import logsumexp
from scipy.stats import hypergeom

TABLES = [
    (1, 9, 11, 3),  # scipy's docstring example family (lady tasting tea style)
    (8, 2, 1, 5),
    (3, 1, 1, 3),  # Fisher's tea-tasting table
    (0, 5, 5, 0),
    (10, 10, 10, 10),  # the mode itself: p = 1
    (2, 7, 8, 2),
    (120, 380, 2000, 97500),  # a cluster enriched in a 500-tixel lasso of 100k
    (150, 49850, 4850, 445150),  # a 50k selection of 500k, depleted
    (30000, 20000, 170000, 280000),  # hundreds of thousands, p far below 1e-308
    (5000, 45000, 45000, 405000),  # exactly proportional: p = 1
    (5020, 44980, 44980, 405020),  # near the mode
]

for a, b, c, d in TABLES:
    res = fisher_exact([[a, b], [c, d]], alternative="two-sided")
    print(f"[{a}, {b}, {c}, {d}, {float(res.statistic)!r}, {float(res.pvalue)!r}],")


# Where scipy's p underflows to 0, ln p from the definition: log-sum-exp of the hypergeometric log-probabilities of
# every table no more probable than the observed one (R's relErr 1 + 1e-7).
for a, b, c, d in [(30000, 20000, 170000, 280000), (120, 380, 2000, 97500)]:
    n, K, draws = a + b + c + d, a + c, a + b
    x = np.arange(max(0, draws - (n - K)), min(draws, K) + 1)
    logpmf = hypergeom.logpmf(x, n, K, draws)
    exact = hypergeom.logpmf(a, n, K, draws)
    print(f"ln p [{a}, {b}, {c}, {d}]: {float(logsumexp(logpmf[logpmf <= exact + np.log1p(1e-7)]))!r}")

# composition.test.ts: groups of sizes 50, 30, 20 with 20, 2 and 3 of them selected (25 in, 75 rest); each group
# against the others, then Benjamini-Hochberg across the three (scipy.stats.false_discovery_control, method 'bh').
from scipy.stats import false_discovery_control

totals, selected = [50, 30, 20], [20, 2, 3]
p = []
for g in range(3):
    a, c = selected[g], totals[g] - selected[g]
    b, d = sum(selected) - a, (sum(totals) - sum(selected)) - c
    res = fisher_exact([[a, b], [c, d]])
    p.append(float(res.pvalue))
    print(f"group {g}: odds ratio {float(res.statistic)!r}, p {float(res.pvalue)!r}")
print("BH:", [float(v) for v in false_discovery_control(p, method="bh")])
