/**
 * Module tabs (SPEC §2): 织雀手册 (manual switch "true"), 产品管理, 制造引擎 (switch
 * "false"). Switching does a full page navigation, so each app starts clean.
 */
import { useLocation } from 'react-router-dom';
import { APP_PREFIX, appForPath, useAccess } from '@/access';
import { TEXT } from '@/constants/texts';

const LABELS = { manual: TEXT.tabs.manual, product: TEXT.tabs.product, engine: TEXT.tabs.engine, channel: '渠道管理' } as const;

export function ModuleTabs() {
  const { routeSet } = useAccess();
  const { pathname } = useLocation();
  const current = appForPath(pathname);
  if (routeSet.tabs.length === 0) return null;
  return (
    <nav className="module-tabs" aria-label="模块">
      {routeSet.tabs.map((app) => (
        <a
          key={app}
          href={`${APP_PREFIX[app]}/`}
          className={current === app ? 'module-tab active' : 'module-tab'}
          aria-current={current === app ? 'page' : undefined}
        >
          {LABELS[app]}
        </a>
      ))}
    </nav>
  );
}
