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
import { SHELL_TEXT } from '@/constants/texts';

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
      aria-label={shown ? SHELL_TEXT.tipBarLabel : undefined}
      data-testid="tip-bar"
      style={{ height: shown ? TIP_BAR_HEIGHT_PX : 0 }}
      hidden={!shown}
    >
      {shown ? (
        <>
          <span className="tip-bar-text">{SHELL_TEXT.tipBar}</span>
          <Button type="link" size="small" onClick={() => navigation.openEntrance()}>
            {SHELL_TEXT.switchEnterprise}
          </Button>
          <Button
            type="text"
            size="small"
            className="tip-bar-close"
            aria-label={SHELL_TEXT.closeTip}
            icon={<CloseOutlined />}
            onClick={() => writeItem('tipBarClosed', true)}
          />
        </>
      ) : null}
    </div>
  );
}
