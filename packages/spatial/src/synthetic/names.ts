/**
 * Feature names that look real: known mouse gene symbols first (cluster markers are drawn from them, so top-ten
 * tables read like biology), then `Gene{n}`; JASPAR-style motif names; SCENIC+-style eRegulon names.
 */
const GENES =
  `Actb Gapdh Malat1 Mbp Plp1 Mobp Mog Mag Cnp Olig1 Olig2 Sox10 Pdgfra Cspg4 Gfap Aqp4 Aldh1l1 Slc1a2 Slc1a3
Gja1 Sox9 Rbfox3 Snap25 Syt1 Stmn2 Tubb3 Map2 Nefl Nefm Nefh Gad1 Gad2 Slc32a1 Slc17a7 Slc17a6 Camk2a Grin1 Grin2b
Gria2 Pvalb Sst Vip Npy Cck Reln Calb1 Calb2 Cux2 Rorb Fezf2 Bcl11b Tbr1 Satb2 Foxp2 Neurod6 Cx3cr1 P2ry12 Tmem119
Aif1 Itgam Ptprc Cd68 Lyz2 C1qa C1qb C1qc Trem2 Tyrobp Cd3e Cd4 Cd8a Cd19 Ms4a1 Cd79a Nkg7 Gzma Klrb1c Foxp3 Il7r
Ccr7 Sell Cd74 H2-Aa H2-Ab1 Pecam1 Cldn5 Flt1 Kdr Cdh5 Vwf Acta2 Tagln Myh11 Pdgfrb Rgs5 Col1a1 Col1a2 Col3a1 Dcn
Lum Fn1 Vim Krt8 Krt18 Krt19 Epcam Cdh1 Muc2 Vil1 Lgr5 Olfm4 Alb Apoa1 Apoa2 Apoe Ttr Cyp2e1 Cyp3a11 Glul Hamp
Ins1 Ins2 Gcg Sst2 Ppy Cpa1 Prss2 Ctrb1 Sftpc Sftpb Ager Hopx Scgb1a1 Foxj1 Myh6 Myh7 Tnnt2 Actc1 Nppa Nppb Myl7
Ttn Des Ckm Acta1 Myod1 Pax7 Hbb-bs Hba-a1 Hbb-bt Alas2 Gypa Mki67 Top2a Pcna Ccnb1 Cdk1 Hist1h2ap Stmn1 Tuba1b
Sox2 Nes Pax6 Hes5 Dcx Eomes Neurog2 Ascl1 Dlx2 Gsx2 Nkx2-1 Lhx6 Shh Wnt3a Bmp4 Fgf8 Otx2 En1 Hoxb4 Hoxa9 Cdx2
Pou5f1 Nanog Klf4 Myc Jun Fos Egr1 Ier2 Junb Atf3 Hspa1a Hsp90aa1 Dnajb1 Xist Tsix Rps27 Rpl13 Rpl32 Mt1 Mt2 Ubb`
    .split(/\s+/)
    .filter(Boolean);

export const REAL_GENE_COUNT = GENES.length;

export function geneNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => GENES[i] ?? `Gene${i + 1}`);
}

const TFS = `Ctcf Sox2 Sox9 Sox10 Pax6 Neurod1 Ascl1 Olig2 Nfia Nfib Rfx2 Foxa2 Foxj1 Gata1 Gata4 Hnf4a Cebpb Spi1 Runx1
Tcf7 Lef1 Tbx21 Eomes Irf8 Stat3 Rela Nfkb1 Jun Fos Atf3 Creb1 Klf4 Klf5 Sp1 Egr1 Myc Max Mef2c Myod1 Tead1 Nr2f2
Hoxa9 Cdx2 Pou3f2 Lhx2 Emx2 Dlx5 Nkx2-1 Zeb1 Snai2 Twist1 Etv1 Elf3 Grhl2 Tfap2a Srf Yy1 Nrf1 Rest Zic1`
  .split(/\s+/)
  .filter(Boolean);

/** JASPAR-like `MA0001.1_Ctcf`; names repeat with a new matrix id after the TF list runs out. */
export function motifNames(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `MA${String(i + 1).padStart(4, '0')}.${1 + Math.floor(i / TFS.length)}_${TFS[i % TFS.length]}`,
  );
}

/** SCENIC+ style: `Sox10_extended_+/+_(123r)`; `sizes` gives each regulon's region count. */
export function eRegulonNames(sizes: readonly number[]): string[] {
  return sizes.map(
    (size, i) => `${TFS[i % TFS.length]}${i < TFS.length ? '' : `_${Math.floor(i / TFS.length) + 1}`}_+/+_(${size}r)`,
  );
}
