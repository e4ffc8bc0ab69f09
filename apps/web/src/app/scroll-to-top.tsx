import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Navigating to a new path scrolls the page to the top, as a new page would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
