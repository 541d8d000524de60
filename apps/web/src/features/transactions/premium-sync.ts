import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsSignedIn, updatePremiumStatus } from '../../lib/session/auth-slice.ts';
import { useGetPremiumStatusQuery } from './transactions-api.ts';

/**
 * The stored session remembers `premiumMember` from sign-in; a refund or a dispute ends premium
 * on the server. Asked once per page load (and after a refund), so the menu and the
 * profile show the change. Read in an effect: the first render matches the prerendered page.
 * Renders nothing; the layout loads it for a signed-in user only, so a guest's page loads no API
 * client for it (docs/decisions/0013-declarative-routes-lazy-store.md). It skips the query for a
 * guest all the same, in case it is ever rendered elsewhere.
 */
export default function PremiumStatusSync(): null {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const { data: isPremium, fulfilledTimeStamp } = useGetPremiumStatusQuery(undefined, {
    skip: !isSignedIn,
  });
  // Each new answer is applied once; between answers the session is left alone, so the success
  // page's own update is not undone by an older answer.
  useEffect(() => {
    if (isPremium !== undefined) dispatch(updatePremiumStatus(isPremium));
  }, [dispatch, isPremium, fulfilledTimeStamp]);
  return null;
}
