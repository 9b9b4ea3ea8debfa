import { useState } from 'react';

const STORAGE_KEY = 'tandem.sidebar-collapsed';

// The collapsed sidebar is a per-browser preference, remembered between visits.
export function useSidebarCollapsed(): [boolean, (isCollapsed: boolean) => void] {
  const [isCollapsed, setIsCollapsedState] = useState(() => {
    if (typeof window === 'undefined') return false;
    return window.localStorage.getItem(STORAGE_KEY) === 'true';
  });

  function setIsCollapsed(next: boolean) {
    setIsCollapsedState(next);
    window.localStorage.setItem(STORAGE_KEY, String(next));
  }

  return [isCollapsed, setIsCollapsed];
}
