export interface Row {
  measure: string;
  target: string;
  figure: string;
  verdict: 'met' | 'MISSED' | 'info' | 'not built yet';
}
