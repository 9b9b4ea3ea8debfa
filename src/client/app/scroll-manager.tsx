import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// A new page starts at its top; a #hash link scrolls to its target (CSS keeps the 80px header offset).
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    const isNewPage = previousPathname.current !== pathname;
    previousPathname.current = pathname;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (isNewPage) {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);

  return null;
}
