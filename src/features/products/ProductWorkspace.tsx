/**
 * The product app with its left rail (SPEC §2): manual library; product library,
 * category management and attribute/parameter management, whose sub-routes reach
 * the product app through the channel.
 */
import { AppstoreOutlined, BookOutlined, ClusterOutlined, TagsOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAccess } from '@/access';
import { routeTo } from '@/constants/routes';
import { SHELL_TEXT } from '@/constants/texts';
import { sendToApp } from '@/sub-app-host/channel';
import { SubAppHost } from '@/sub-app-host/SubAppHost';

const PRODUCT_SUB_ROUTES = [
  {
    key: 'commodityManagement',
    label: SHELL_TEXT.productRailItems.commodityManagement,
    icon: <AppstoreOutlined />,
  },
  {
    key: 'classifiedManagement',
    label: SHELL_TEXT.productRailItems.classifiedManagement,
    icon: <ClusterOutlined />,
  },
  {
    key: 'attributeManagement',
    label: SHELL_TEXT.productRailItems.attributeManagement,
    icon: <TagsOutlined />,
  },
] as const;

export function ProductWorkspace() {
  const { routeSet } = useAccess();
  const navigate = useNavigate();
  const params = useParams();
  const requested = (params['*'] ?? '').split('/')[0];
  const current = PRODUCT_SUB_ROUTES.find((r) => r.key === requested)?.key ?? 'commodityManagement';

  const announce = useCallback(() => sendToApp('product', { type: 'route', subRoute: current }), [current]);
  useEffect(announce, [announce]);

  return (
    <div className="product-workspace">
      <nav className="left-rail" aria-label={SHELL_TEXT.productRail}>
        {routeSet.apps.includes('manual') ? (
          <a className="left-rail-item" href={routeTo.subAppHome('manual')}>
            <BookOutlined />
            <span>{SHELL_TEXT.productRailItems.manualLibrary}</span>
          </a>
        ) : (
          <Tooltip title={SHELL_TEXT.manualNotOpened} placement="right">
            <button type="button" className="left-rail-item" disabled>
              <BookOutlined />
              <span>{SHELL_TEXT.productRailItems.manualLibrary}</span>
            </button>
          </Tooltip>
        )}
        {PRODUCT_SUB_ROUTES.map((r) => (
          <button
            key={r.key}
            type="button"
            className={r.key === current ? 'left-rail-item active' : 'left-rail-item'}
            aria-current={r.key === current ? 'page' : undefined}
            onClick={() => navigate(routeTo.subApp('product', r.key))}
          >
            {r.icon}
            <span>{r.label}</span>
          </button>
        ))}
      </nav>
      <div className="product-workspace-app">
        <SubAppHost app="product" onMounted={announce} />
      </div>
    </div>
  );
}
