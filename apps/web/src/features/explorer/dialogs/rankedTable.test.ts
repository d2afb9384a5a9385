import { describe, expect, it } from 'vitest';
import { rankedTableCsv } from './rankedTable';

describe('ranked table csv', () => {
  it('writes a header and one ranked row per feature, quoting where needed', () => {
    const csv = rankedTableCsv(
      [
        { name: 'Sox2', score: 5.5, log2fc: 1.25, p: 1e-6, p_adj: 2e-5 },
        { name: 'a,b', score: -1, log2fc: -0.5, p: 0.5, p_adj: 1 },
      ],
      'genes',
      'Wilcoxon rank-sum, tie-corrected',
    );
    expect(csv).toBe(
      'rank,gene,score,log2fc,p_value,p_adj,test\n' +
        '1,Sox2,5.5,1.25,0.000001,0.00002,"Wilcoxon rank-sum, tie-corrected"\n' +
        '2,"a,b",-1,-0.5,0.5,1,"Wilcoxon rank-sum, tie-corrected"\n',
    );
    expect(rankedTableCsv([], 'motifs', 'Welch t-test').startsWith('rank,motif,')).toBe(true);
  });
});
