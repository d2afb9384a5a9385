import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CATALOGUE_FILTER_PLACEHOLDERS, CATALOGUE_MSG } from '@atlas/contracts';
import { FACETS, type FacetItem, type FacetKey } from './catalogueState';

/**
 * The filter panels Groups, Data Type, Species and Organ with counts (spec 01 §2): the first 3 items, then
 * Show More; 3 placeholder items while the runs load (spec 01 §9).
 */
export function FacetPanel({
  facets,
  loading,
  onToggle,
  onClear,
  colorOfGroup,
}: {
  facets: Record<FacetKey, FacetItem[]> | null;
  loading: boolean;
  onToggle: (key: FacetKey, value: string) => void;
  onClear: () => void;
  colorOfGroup: (group: string) => string;
}) {
  const anySelected = facets !== null && FACETS.some(({ key }) => facets[key].some((item) => item.selected));
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-label="Filters"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 30 }}>
        <Typography variant="overline" sx={{ flex: 1, fontWeight: 700, letterSpacing: 1.2, lineHeight: 1 }}>
          Filters
        </Typography>
        {anySelected && (
          <Button size="small" onClick={onClear}>
            Clear all
          </Button>
        )}
      </Box>
      {FACETS.map(({ key, label }) => (
        <FacetGroup
          key={key}
          facetKey={key}
          label={label}
          items={loading || !facets ? null : facets[key]}
          onToggle={onToggle}
          colorOfGroup={key === 'group' ? colorOfGroup : undefined}
        />
      ))}
    </Paper>
  );
}

function FacetGroup({
  facetKey,
  label,
  items,
  onToggle,
  colorOfGroup,
}: {
  facetKey: FacetKey;
  label: string;
  items: FacetItem[] | null;
  onToggle: (key: FacetKey, value: string) => void;
  colorOfGroup?: (group: string) => string;
}) {
  const [expanded, setExpanded] = useState(false);
  const headingId = `facet-${facetKey}`;
  const shown = items && (expanded ? items : items.slice(0, CATALOGUE_FILTER_PLACEHOLDERS));
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown === null
          ? Array.from({ length: CATALOGUE_FILTER_PLACEHOLDERS }, (_, i) => (
              <Box component="li" key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, pl: 0.5 }}>
                <Skeleton variant="rounded" width={18} height={18} />
                <Skeleton variant="text" sx={{ flex: 1 }} />
              </Box>
            ))
          : shown.map((item) => (
              <Box component="li" key={item.value}>
                <Box
                  component="label"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    borderRadius: 1,
                    cursor: 'pointer',
                    pr: 0.5,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <Checkbox
                    size="small"
                    checked={item.selected}
                    onChange={() => onToggle(facetKey, item.value)}
                    slotProps={{ input: { 'aria-label': `${item.label} (${item.count})` } }}
                    sx={{ p: 0.5 }}
                  />
                  {colorOfGroup && (
                    <Box
                      aria-hidden
                      sx={{
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: colorOfGroup(item.value),
                        flexShrink: 0,
                      }}
                    />
                  )}
                  <Typography
                    variant="body2"
                    sx={{ flex: 1, minWidth: 0, fontStyle: facetKey === 'species' ? 'italic' : undefined }}
                    noWrap
                    title={item.label}
                  >
                    {item.label}
                  </Typography>
                  <Typography
                    variant="caption"
                    aria-hidden
                    sx={{
                      minWidth: 24,
                      textAlign: 'center',
                      px: 0.75,
                      borderRadius: 5,
                      bgcolor: item.selected ? 'primary.main' : 'action.selected',
                      color: item.selected ? 'primary.contrastText' : 'text.secondary',
                      fontWeight: 600,
                    }}
                  >
                    {item.count}
                  </Typography>
                </Box>
              </Box>
            ))}
        {items && items.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
            None
          </Typography>
        )}
      </Box>
      {items && items.length > CATALOGUE_FILTER_PLACEHOLDERS && (
        <Button
          size="small"
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
          aria-label={`${expanded ? CATALOGUE_MSG.showLess : CATALOGUE_MSG.showMore} ${label}`}
          sx={{ mt: 0.25, px: 0.75, minWidth: 0 }}
        >
          {expanded
            ? CATALOGUE_MSG.showLess
            : `${CATALOGUE_MSG.showMore} (${items.length - CATALOGUE_FILTER_PLACEHOLDERS})`}
        </Button>
      )}
    </Box>
  );
}
