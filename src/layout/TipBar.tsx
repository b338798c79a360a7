/**
 * The yellow tip bar (SPEC §2): only in a personal space on home page1; 40 px when
 * shown, 0 otherwise; closable, and the choice is remembered.
 */
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useAccess } from '@/access';
import { TIP_BAR_HEIGHT_PX } from '@/constants/limits';
import { readItem, subscribeStorage, writeItem } from '@/session/storage';
import { navigation } from '@/ui/navigation';

export const TIP_BAR_TEXT = '当前为个人空间，个人空间与企业空间的资源不能互通共享。';


/** Is the tip bar shown? (the layout offsets its fixed header by the bar's height) */
export function useTipBarShown(): boolean {
  const { isPersonal, homePage } = useAccess();
  const closed = useSyncExternalStore(subscribeStorage, () => readItem('tipBarClosed') === true);
  return isPersonal && homePage === 'page1' && !closed;
}

export function TipBar() {
  const shown = useTipBarShown();
  return (
    <div
      className="tip-bar"
      role={shown ? 'region' : undefined}
      aria-label={shown ? '个人空间提示' : undefined}
      data-testid="tip-bar"
      style={{ height: shown ? TIP_BAR_HEIGHT_PX : 0 }}
      hidden={!shown}
    >
      {shown ? (
        <>
          <span>{TIP_BAR_TEXT}</span>
          <Button type="link" size="small" onClick={() => navigation.openEntrance()}>
            切换企业
          </Button>
          <Button
            type="text"
            size="small"
            className="tip-bar-close"
            aria-label="关闭提示"
            icon={<CloseOutlined />}
            onClick={() => writeItem('tipBarClosed', true)}
          />
        </>
      ) : null}
    </div>
  );
}
