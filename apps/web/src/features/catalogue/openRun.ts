import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { catalogueCalls, hasGroupAccess } from '@atlas/contracts';
import { callApi } from '../../api/client';
import { componentHref } from '../../app/views';
import { useSession } from '../../app/session';

/** The public viewer's address for an encoded run link (spec 01 §2, §4). */
function publicViewerHref(encoded: string, token: string): string {
  const query = new URLSearchParams({ component: 'PublicGeneViewer', run_id: encoded, public: 'true', token });
  return `/public?${query.toString()}`;
}

/**
 * Opening a run (spec 01 §4): a member goes to the explorer with the run id; a visitor gets an encoded link and
 * goes to the public viewer with it and the session token, replacing the history entry.
 */
export function useOpenRun(): (runId: string) => Promise<void> {
  const { user, token } = useSession();
  const navigate = useNavigate();
  const member = user !== null && hasGroupAccess(user.groups, 'any');
  return useCallback(
    async (runId: string) => {
      if (member) {
        navigate(componentHref('AtlasXplore', { run_id: runId }));
        return;
      }
      if (!token) throw new Error('No session yet: reload the page.');
      const { encoded } = await callApi(catalogueCalls.encodeLink, { body: { run_id: runId } });
      navigate(publicViewerHref(encoded, token), { replace: true });
    },
    [member, token, navigate],
  );
}
