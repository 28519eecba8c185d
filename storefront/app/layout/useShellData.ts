import { useRouteLoaderData } from 'react-router';
import type { ShellData } from './loadShell';

/** The root loader's data; undefined when the root loader itself failed (root error page). */
export function useShellData(): ShellData | undefined {
  return useRouteLoaderData<ShellData>('root');
}
