/**
 * Module tabs (SPEC §2): 织雀手册 (manual switch "true"), 产品管理, 制造引擎 (switch
 * "false"). Switching does a full page navigation, so each app starts clean. Once this page
 * has settled (its app on screen, the browser idle), the browser prerenders the other tabs'
 * pages (`data-module-tab` with `data-prerender`, matched by public/speculation-rules.json),
 * so a switch shows a shell that is already there and only its app's frame still loads.
 * Below the spec's mobile breakpoint (992 px) the tabs collapse into one button that
 * names the current module and opens the others as a menu.
 */
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { appForPath, useAccess, useShellPathname } from '@/access';
import { routeTo } from '@/constants/routes';
import { SHELL_TEXT } from '@/constants/texts';
import { DESKTOP_QUERY, useMediaQuery } from '@/ui/media-query';
import { usePageSettled } from '@/ui/page-shown';

/** What the shell's speculation rules match (public/speculation-rules.json). */
const prerenderable = (settled: boolean) => ({
  'data-module-tab': '',
  'data-prerender': settled ? '' : undefined,
});

export function ModuleTabs() {
  const { routeSet } = useAccess();
  const pathname = useShellPathname();
  // The spec's 992 px (MOBILE_BREAKPOINT_PX), antd's "lg".
  const wide = useMediaQuery(DESKTOP_QUERY);
  const current = appForPath(pathname);
  const settled = usePageSettled(current ? 'sub-app-mounted' : undefined, current ?? 'shell');
  if (routeSet.tabs.length === 0) return null;
  if (!wide) {
    const currentTab = routeSet.tabs.find((app) => app === current);
    return (
      <nav className="module-tabs module-tabs-compact" aria-label={SHELL_TEXT.modules}>
        <Dropdown
          trigger={['click']}
          autoFocus
          menu={{
            selectable: true,
            selectedKeys: currentTab ? [currentTab] : [],
            items: routeSet.tabs.map((app) => ({
              key: app,
              label: (
                <a
                  href={routeTo.subAppHome(app)}
                  {...prerenderable(settled)}
                  aria-current={current === app ? 'page' : undefined}
                >
                  {SHELL_TEXT.apps[app]}
                </a>
              ),
            })),
          }}
        >
          <Button type="text" className="module-tabs-button" icon={<AppstoreOutlined />}>
            <span className="module-tabs-current">
              {currentTab ? SHELL_TEXT.apps[currentTab] : SHELL_TEXT.modules}
            </span>
            <DownOutlined aria-hidden className="module-tabs-caret" />
          </Button>
        </Dropdown>
      </nav>
    );
  }
  return (
    <nav className="module-tabs" aria-label={SHELL_TEXT.modules}>
      {routeSet.tabs.map((app) => (
        <a
          key={app}
          href={routeTo.subAppHome(app)}
          {...prerenderable(settled)}
          className={current === app ? 'module-tab active' : 'module-tab'}
          aria-current={current === app ? 'page' : undefined}
        >
          {SHELL_TEXT.apps[app]}
        </a>
      ))}
    </nav>
  );
}
