/**
 * The product app with its left rail (SPEC §2): manual library; product library,
 * category management and attribute/parameter management, whose sub-routes reach
 * the product app through the channel.
 */
import { AppstoreOutlined, BookOutlined, ClusterOutlined, TagsOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { APP_PREFIX, useAccess } from '@/access';
import { sendToApp } from './channel';
import { MicroAppHost } from './MicroAppHost';

export const PRODUCT_SUB_ROUTES = [
  { key: 'commodityManagement', label: '产品库', icon: <AppstoreOutlined /> },
  { key: 'classifiedManagement', label: '类目管理', icon: <ClusterOutlined /> },
  { key: 'attributeManagement', label: '属性参数管理', icon: <TagsOutlined /> },
] as const;

export type ProductSubRoute = (typeof PRODUCT_SUB_ROUTES)[number]['key'];

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
      <nav className="left-rail" aria-label="产品管理导航">
        {routeSet.apps.includes('manual') ? (
          <a className="left-rail-item" href={`${APP_PREFIX.manual}/`}>
            <BookOutlined />
            <span>手册库</span>
          </a>
        ) : (
          <Tooltip title="当前空间未开通织雀手册" placement="right">
            <button type="button" className="left-rail-item" disabled>
              <BookOutlined />
              <span>手册库</span>
            </button>
          </Tooltip>
        )}
        {PRODUCT_SUB_ROUTES.map((r) => (
          <button
            key={r.key}
            type="button"
            className={r.key === current ? 'left-rail-item active' : 'left-rail-item'}
            aria-current={r.key === current ? 'page' : undefined}
            onClick={() => navigate(`${APP_PREFIX.product}/${r.key}`)}
          >
            {r.icon}
            <span>{r.label}</span>
          </button>
        ))}
      </nav>
      <div className="product-workspace-app">
        <MicroAppHost app="product" onMounted={announce} />
      </div>
    </div>
  );
}
