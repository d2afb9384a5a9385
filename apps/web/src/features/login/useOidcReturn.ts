import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OIDC_RETURN_PARAM } from '@atlas/contracts';
import { oidcHandOff } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';

/**
 * The sign-in page after an institution's sign-in (`/login?oidc=1`, issue 35): the callback left its outcome in an
 * HttpOnly cookie; this trades it, once, for the session (and goes home) or for the reason it failed, shown on the
 * sign-in form. `busy` while the trade is under way.
 */
export function useOidcReturn(): { busy: boolean; error: string | null } {
  const [params, setParams] = useSearchParams();
  const returned = params.has(OIDC_RETURN_PARAM);
  const { finishSignIn } = useSession();
  const navigate = useNavigate();
  // The hand-off is good once: a second trade (a development double effect) would only be refused.
  const traded = useRef(false);
  const [outcome, setOutcome] = useState<{ busy: boolean; error: string | null }>({ busy: returned, error: null });

  useEffect(() => {
    if (!returned || traded.current) return;
    traded.current = true;
    void (async () => {
      try {
        const { access_token } = await oidcHandOff();
        await finishSignIn(access_token, 'oidc');
        navigate('/', { replace: true });
      } catch (caught) {
        setOutcome({ busy: false, error: caught instanceof Error ? caught.message : String(caught) });
        if (!(caught instanceof ApiError)) console.warn('OIDC sign-in hand-off failed', caught);
        setParams({}, { replace: true });
      }
    })();
  }, [returned, finishSignIn, navigate, setParams]);

  return outcome;
}
