import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import LinkIcon from '@mui/icons-material/Link';
import { hasGroupAccess, sharingCalls, type TLiveLinks } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { useGroups } from '../../app/session';

/** Which runs have live links, for lab staff and admins (one query for the whole catalogue). */
function useLiveLinks(): Map<string, TLiveLinks[number]> | undefined {
  const staff = hasGroupAccess(useGroups(), 'user');
  const links = useQuery({
    queryKey: ['catalogue', 'live_links'],
    queryFn: () => callApi(sharingCalls.listLiveLinks),
    enabled: staff,
    staleTime: 30_000,
    select: (rows) => new Map(rows.map((row) => [row.run_id, row])),
  });
  return staff ? links.data : undefined;
}

/** What a run's live links are, in a few words: a public link's expiry, and the count of reviewer links. */
export function liveLinkLabel(row: TLiveLinks[number]): string {
  const parts: string[] = [];
  if (row.public && row.public_until) parts.push(`public until ${row.public_until.slice(0, 10)}`);
  if (row.reviewer_links > 0) parts.push(`${row.reviewer_links} reviewer link${row.reviewer_links > 1 ? 's' : ''}`);
  return parts.join(' · ');
}

/**
 * Issue 35: the catalogue says which runs have live links (a public link that expires, reviewer links), for lab
 * staff and admins; nothing for anyone else, nor for a public run whose link never expires (its "public" is shown).
 */
export function LiveLinkChip({ runId }: { runId: string }) {
  const row = useLiveLinks()?.get(runId);
  const label = row && liveLinkLabel(row);
  if (!label) return null;
  return (
    <Chip
      size="small"
      color="info"
      variant="outlined"
      icon={<LinkIcon />}
      label={label}
      data-testid={`live-links-${runId}`}
      sx={{ height: 20, fontSize: 11, '& .MuiChip-icon': { fontSize: 13 } }}
    />
  );
}
