import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once their place comes near the viewport (within a quarter screen), e.g. when
 * the user scrolls down or follows a link to it; until then an empty box holds
 * the place (no spinner: an animation that runs for as long as nobody scrolls down costs the main thread). For content far
 * below the fold whose code is large (the booking form with antd): the page does not download it unless
 * the user goes there. Without IntersectionObserver (old browsers, jsdom) the children render at once.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '25% 0px' });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return <div ref={place} style={{ minHeight }} />;
}
