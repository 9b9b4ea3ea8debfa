import { useEffect } from 'react';
import { accountContract } from '~/shared/contracts/account';
import { callApi } from './api-client';

const SENT_KEY = 'tandem:time-zone-sent';

// Tells the server the browser's time zone, so the other side of a meeting sees this person's local
// time. Once per browser session and person, and again only when the zone differs from the one sent
// (a laptop that travelled). A failure is left for the next session: nothing depends on it at once.
export function useTimeZoneSync(userId: string) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const sent = `${userId} ${zone}`;
    try {
      if (sessionStorage.getItem(SENT_KEY) === sent) return;
    } catch {
      // Storage refused (private mode): send it anyway.
    }
    callApi(accountContract.updateTimeZone, { body: { time_zone: zone } }).then(
      () => {
        try {
          sessionStorage.setItem(SENT_KEY, sent);
        } catch {
          // Sending again next time costs one small request.
        }
      },
      () => undefined,
    );
  }, [userId]);
}
