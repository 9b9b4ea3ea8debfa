import { useEffect, useRef } from 'react';
import { useLiveStatus } from '~/client/lib/live-socket';

// Calls the handler each time the live socket opens while mounted: the first connection too, since
// what happened between the page's first fetch and the socket opening was heard by nobody.
export function useLiveOpened(handler: () => void) {
  const status = useLiveStatus();
  const latest = useRef(handler);
  latest.current = handler;
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'open' && previous.current !== 'open') latest.current();
    previous.current = status;
  }, [status]);
}
