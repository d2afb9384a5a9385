/** What the expression colours show: the one feature, the one shown at a time, or "Average of n". */
export function shownFeatureTitle(s: { features: readonly string[]; averaging: 'avg' | 'ind'; individual: number }) {
  if (s.features.length > 1 && s.averaging === 'avg') return `Average of ${s.features.length}`;
  return s.features[s.averaging === 'ind' ? s.individual : 0] ?? '';
}
