import { createElement } from 'react';
import Typography from '@mui/material/Typography';

// Placeholder until the transfers branch is merged; the lead replaces this file with that branch's index.ts.
export const NovogeneTransfer = () => createElement(Typography, { variant: 'h6' }, 'Transfer Seq (Novogen)');
export const IlluminaTransfer = () => createElement(Typography, { variant: 'h6' }, 'Transfer Seq (Illumina)');
