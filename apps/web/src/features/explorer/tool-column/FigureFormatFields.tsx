/**
 * The figure export's format and resolution fields (SVG, or PNG at a DPI) with the size line, shared by the plots'
 * Export Figure and the panels' figure exports (../panels/group-analysis).
 */
import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FigureScene } from '@atlas/viz';
import { dpiAllowed, figurePixels, FIGURE_MAX_DPI, FIGURE_MIN_DPI, type FigureFormat } from './saveFigure';

export interface FigureFormatState {
  format: FigureFormat;
  setFormat: (format: FigureFormat) => void;
  dpiText: string;
  setDpiText: (text: string) => void;
  dpi: number;
  /** The format's settings are valid (PNG: a DPI in range). */
  ready: boolean;
}

export function useFigureFormat(): FigureFormatState {
  const [format, setFormat] = useState<FigureFormat>('svg');
  const [dpiText, setDpiText] = useState('300');
  const dpi = Number(dpiText);
  return { format, setFormat, dpiText, setDpiText, dpi, ready: format === 'svg' || dpiAllowed(dpi) };
}

export function FigureFormatFields({ state }: { state: FigureFormatState }) {
  const dpiOk = dpiAllowed(state.dpi);
  return (
    <>
      <div>
        <FormLabel id="figure-format">Format</FormLabel>
        <RadioGroup
          row
          aria-labelledby="figure-format"
          value={state.format}
          onChange={(e) => state.setFormat(e.target.value as FigureFormat)}
        >
          <FormControlLabel value="svg" control={<Radio size="small" />} label="SVG (vector)" />
          <FormControlLabel value="png" control={<Radio size="small" />} label="PNG" />
        </RadioGroup>
      </div>
      {state.format === 'png' && (
        <TextField
          label="Resolution (DPI)"
          size="small"
          value={state.dpiText}
          onChange={(e) => state.setDpiText(e.target.value)}
          error={!dpiOk}
          helperText={dpiOk ? ' ' : `A whole number from ${FIGURE_MIN_DPI} to ${FIGURE_MAX_DPI}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 180 }}
        />
      )}
    </>
  );
}

/** '1200 × 800 px at 300 DPI' or '400 × 267 px, vector', then `extra`. */
export function FigureSizeLine({
  state,
  figure,
  extra = '',
}: {
  state: FigureFormatState;
  figure: FigureScene;
  extra?: string;
}) {
  const size = figurePixels(figure, state.dpi);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="figure-size">
      {state.format === 'png' && dpiAllowed(state.dpi)
        ? `${size.width} × ${size.height} px at ${state.dpi} DPI`
        : `${figure.width} × ${figure.height} px, vector`}
      {extra}
    </Typography>
  );
}
