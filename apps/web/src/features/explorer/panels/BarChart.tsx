/** A small SVG bar chart (pure), for the Histogram panel: bars over a value or cluster axis, the top count on the y axis. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const W = 300;
const H = 170;
const PAD = { left: 44, right: 8, top: 8, bottom: 30 };

/** One SVG bar chart: bars over an x axis with the value range and a y axis with the largest count. */
export function BarChart({
  title,
  bars,
  colours,
  xLabels,
  categorical = false,
  testId,
}: {
  title: string;
  bars: number[];
  colours: string | string[];
  /** The range ends, or one label per bar when `categorical`. */
  xLabels: string[];
  categorical?: boolean;
  testId?: string;
}) {
  const top = Math.max(1, ...bars);
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const bw = iw / Math.max(1, bars.length);
  const perBarLabels = categorical;
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid={testId}>
      <Typography
        component="figcaption"
        variant="caption"
        sx={{ fontWeight: 600, display: 'block', textAlign: 'center' }}
        noWrap
      >
        {title}
      </Typography>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Histogram of ${title}`}>
        <g transform={`translate(${PAD.left},${PAD.top})`}>
          {bars.map((count, i) => {
            const h = (count / top) * ih;
            const fill = Array.isArray(colours) ? colours[i % colours.length] : colours;
            return (
              <rect key={i} x={i * bw + 0.5} y={ih - h} width={Math.max(0.5, bw - 1)} height={h} fill={fill}>
                <title>{`${perBarLabels ? xLabels[i] : `bin ${i + 1}`}: ${count}`}</title>
              </rect>
            );
          })}
          <line x1={0} y1={ih} x2={iw} y2={ih} stroke="currentColor" strokeOpacity={0.5} />
          <line x1={0} y1={0} x2={0} y2={ih} stroke="currentColor" strokeOpacity={0.5} />
          <text x={-4} y={8} textAnchor="end" fontSize={10} fill="currentColor">
            {top}
          </text>
          <text x={-4} y={ih} textAnchor="end" fontSize={10} fill="currentColor">
            0
          </text>
          {perBarLabels ? (
            xLabels.map((label, i) => (
              <text
                key={i}
                x={i * bw + bw / 2}
                y={ih + 12}
                textAnchor="middle"
                fontSize={bars.length > 12 ? 7 : 9}
                fill="currentColor"
              >
                {label}
              </text>
            ))
          ) : (
            <>
              <text x={0} y={ih + 14} textAnchor="start" fontSize={10} fill="currentColor">
                {xLabels[0]}
              </text>
              <text x={iw} y={ih + 14} textAnchor="end" fontSize={10} fill="currentColor">
                {xLabels[1]}
              </text>
            </>
          )}
          <text x={iw / 2} y={ih + 27} textAnchor="middle" fontSize={9} fill="currentColor" opacity={0.7}>
            {perBarLabels ? 'cluster' : 'value'}
          </text>
        </g>
      </svg>
    </Box>
  );
}
