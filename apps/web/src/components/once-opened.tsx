import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * A dialog or drawer whose code is fetched when it is first opened (ADR 033). It stays mounted from then on, so that
 * it closes with its transition. Once its code is there it mounts closed and opens a moment later, as if it had
 * always been there: Mantine notes the focused control when `opened` turns true, and gives focus back to it on
 * close (WCAG 2.4.3), which a dialog mounted already open would not do.
 */
export function OnceOpened({
  opened,
  children,
}: {
  opened: boolean;
  children: (opened: boolean) => ReactNode;
}) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <MountedClosedFirst opened={opened}>{children}</MountedClosedFirst>
    </Suspense>
  ) : null;
}

function MountedClosedFirst({
  opened,
  children,
}: {
  opened: boolean;
  children: (opened: boolean) => ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  // Runs once the fetched component has rendered closed (a suspended render commits nothing, so no effect runs).
  useEffect(() => setMounted(true), []);
  return children(mounted && opened);
}
