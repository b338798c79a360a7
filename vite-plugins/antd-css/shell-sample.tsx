/**
 * What the shell's first screen renders from antd and ProComponents, in the app's themes:
 * the root theme (src/app/App.tsx), the same theme again inside ProLayout's header, ProLayout's
 * own header theme, and ProLayout's styles with the shell's layout token. Rendered once at
 * build time so that their styles ship as a CSS file instead of being generated in the
 * browser (./extract.tsx). A component missing here still works: its styles are generated
 * at run time.
 */
import { ProLayout, type ProLayoutProps } from '@ant-design/pro-layout';
import type { ReactNode } from 'react';
import {
  App as AntApp,
  Avatar,
  Badge,
  Button,
  ConfigProvider,
  Dropdown,
  Modal,
  Spin,
  Tooltip,
  Typography,
} from 'antd';
import { AppDesignTokens } from '../../src/ui/AppDesignTokens';
import { SHELL_LAYOUT_TOKEN, THEME } from '../../src/ui/theme';

/** The top bar's and the tip bar's components, the loading states and the logout confirm. */
function ShellComponents() {
  return (
    <>
      <Spin size="large" />
      <Button type="link">-</Button>
      <Tooltip title="-">
        <span />
      </Tooltip>
      <Badge dot>
        <span />
      </Badge>
      <Avatar />
      <Dropdown menu={{ items: [] }}>
        <span />
      </Dropdown>
      <Modal open={false} />
      <Typography.Link>-</Typography.Link>
    </>
  );
}

/**
 * ProLayout as the shell's first screen has it: mix layout, the shell's token, top-bar actions,
 * no side menu. `layout` changes that (tests/unit/build/antd-css.test.tsx renders the shell's
 * other layouts with it; ./back-end-sample.tsx the back-end's), `children` is the page.
 */
export function ShellSample({
  layout,
  children,
}: {
  layout?: Partial<ProLayoutProps>;
  children?: ReactNode;
}) {
  return (
    <AppDesignTokens>
      <ConfigProvider theme={THEME}>
        <AntApp>
          <ShellComponents />
          <ProLayout
            layout="mix"
            location={{ pathname: '/' }}
            route={{ path: '/', children: [] }}
            menuRender={false}
            token={SHELL_LAYOUT_TOKEN}
            actionsRender={() => [<span key="action" />]}
            {...layout}
            headerContentRender={() => (
              <AppDesignTokens>
                <ShellComponents />
              </AppDesignTokens>
            )}
          >
            {children ?? <div />}
          </ProLayout>
        </AntApp>
      </ConfigProvider>
    </AppDesignTokens>
  );
}
