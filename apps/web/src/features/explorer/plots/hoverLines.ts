/**
 * What the tooltip over a tixel says (issue: hover information): its barcode, cluster, cell type or annotation, and
 * the value the plots colour it by. Pure, so the rules are tested without a browser.
 */
import type { RunData } from '../data/runData';
import type { Colouring } from './useColouring';

export interface HoverLine {
  label: string;
  value: string;
}

export function hoverLines(args: {
  index: number;
  data: RunData;
  colouring: Pick<Colouring, 'view' | 'values' | 'categories'>;
  /** The tixel's barcode: 'loading' while it is fetched, undefined for runs built without barcodes. */
  barcode: string | 'loading' | undefined;
  featureTitle: string;
}): HoverLine[] {
  const { index, data, colouring, barcode, featureTitle } = args;
  const name = barcode === 'loading' ? '…' : (barcode ?? `tixel ${index + 1} of ${data.n}`);
  const lines: HoverLine[] = [{ label: 'Barcode', value: name }];
  lines.push({ label: 'Cluster', value: data.clusterNames[data.clusterCodes[index]!] ?? '—' });
  const category = colouring.categories?.names[colouring.categories.codes[index]!];
  if (colouring.view === 'celltype' && category !== undefined) lines.push({ label: 'Cell type', value: category });
  else if (data.cellTypes)
    lines.push({ label: 'Cell type', value: data.cellTypes.names[data.cellTypes.codes[index]!]! });
  if (colouring.view === 'annotation' && category !== undefined) lines.push({ label: 'Annotation', value: category });
  if (colouring.view === 'expression' && colouring.values) {
    const value = colouring.values[index]!;
    lines.push({ label: featureTitle, value: Number.isNaN(value) ? 'no value' : formatValue(value) });
  }
  return lines;
}

/** Up to 4 significant digits, without trailing zeros: 0, 1.5, 12.35, 0.0003142. */
export function formatValue(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(4)));
}
