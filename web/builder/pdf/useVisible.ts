// Whether an element is in (or near) its scroll container's view, from an IntersectionObserver:
// pages and thumbnails draw only then.
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function useVisible(element: RefObject<HTMLElement | null>, rootMargin = '100% 0px'): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((entry) => entry.isIntersecting)), { rootMargin });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, rootMargin]);
  return visible;
}
