import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { IlluminaTransfer, NovogeneTransfer } from '.';

/**
 * Until the Uploader screen (another branch) imports the two transfer tabs, this holds them under
 * `?component=AtlasUploader` so they can be used and tested in a browser. Dropped when the Uploader is merged.
 */
export function UploaderTransferTabs() {
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: 2, flex: 1 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }}>
          <Tab label="Transfer Seq (Novogen)" />
          <Tab label="Transfer Seq (Illumina)" />
        </Tabs>
        {tab === 0 ? <NovogeneTransfer /> : <IlluminaTransfer />}
      </Paper>
    </Box>
  );
}
