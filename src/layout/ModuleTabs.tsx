/**
 * Module tabs (SPEC §2): 织雀手册 (manual switch "true"), 产品管理, 制造引擎 (switch
 * "false"). Switching does a full page navigation, so each app starts clean.
 */
import { useLocation } from 'react-router-dom';
import { APP_PREFIX, appForPath, useAccess } from '@/access';
import { SHELL_TEXT } from '@/constants/texts';

export function ModuleTabs() {
  const { routeSet } = useAccess();
  const { pathname } = useLocation();
  const current = appForPath(pathname);
  if (routeSet.tabs.length === 0) return null;
  return (
    <nav className="module-tabs" aria-label={SHELL_TEXT.modules}>
      {routeSet.tabs.map((app) => (
        <a
          key={app}
          href={`${APP_PREFIX[app]}/`}
          className={current === app ? 'module-tab active' : 'module-tab'}
          aria-current={current === app ? 'page' : undefined}
        >
          {SHELL_TEXT.apps[app]}
        </a>
      ))}
    </nav>
  );
}
