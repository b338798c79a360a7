/**
 * 第三方账号: every provider with its binding (getAuthDetail providers); bind goes
 * through the provider's authorization (provider-binding), unbind asks first.
 */
import { DingdingOutlined, LinkOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, List, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ProviderBinding } from '@generated/workbench/model';
import {
  bindProvider,
  getGetAuthDetailQueryKey,
  unbindProvider,
  useGetAuthDetail,
} from '@generated/workbench/workbench';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime } from '@/ui/format';
import { LoadFailed } from '@/ui/LoadFailed';
import { ROUTES } from '@/constants/routes';
import { useFetchedWithShell } from '@/session/first-data';
import { consumeBindReturn, providerAuthorizeUrl } from '../provider-binding';

const ICONS = {
  wechat: <WechatOutlined />,
  dingtalk: <DingdingOutlined />,
  feishu: <LinkOutlined />,
} as const;
const COLORS = { wechat: '#07c160', dingtalk: '#1677ff', feishu: '#3370ff' } as const;
const providerName = (p: ProviderBinding['provider']) => ACCOUNT_TEXT.providers[p] ?? p;

/** Coming back from the provider: check the state, then bind (once, even under StrictMode). */
function useBindReturn(onBound: () => void) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const handledRef = useRef(false);
  useEffect(() => {
    if (handledRef.current) return;
    const result = consumeBindReturn(search);
    if (result.kind === 'none') return;
    handledRef.current = true;
    navigate(ROUTES.userCenter.thirdAccount, { replace: true }); // the code is single-use: off the address bar
    if (result.kind === 'invalid') {
      void message.error(ACCOUNT_TEXT.bindStateMismatch);
      return;
    }
    bindProvider({ provider: result.provider, code: result.code, redirect_uri: result.redirectUri }).then(
      () => {
        void message.success(ACCOUNT_TEXT.bindDone(providerName(result.provider)));
        onBound();
      },
      () => undefined, // the transport said why
    );
  }, [search, navigate, message, onBound]);
}

export default function ThirdAccountPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  // As a load that starts here fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getGetAuthDetailQueryKey());
  const auth = useGetAuthDetail({ query: { retry: false, ...withShell } });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getGetAuthDetailQueryKey() }),
    [queryClient],
  );
  useBindReturn(refresh);

  const confirmUnbind = (binding: ProviderBinding) => {
    const name = providerName(binding.provider);
    modal.confirm({
      title: ACCOUNT_TEXT.unbindTitle(name),
      content: ACCOUNT_TEXT.unbindHint,
      okText: ACCOUNT_TEXT.unbind,
      okButtonProps: { danger: true },
      cancelText: ACCOUNT_TEXT.cancel,
      onOk: async () => {
        if (!binding.id) return;
        try {
          await unbindProvider(binding.id);
        } catch {
          return; // the transport said why
        }
        void message.success(ACCOUNT_TEXT.unbindDone(name));
        refresh();
      },
    });
  };

  let content;
  if (auth.isPending) content = <Skeleton active avatar paragraph={{ rows: 4 }} />;
  else if (auth.isError)
    content = <LoadFailed title={ACCOUNT_TEXT.loadFailed} onRetry={() => void auth.refetch()} />;
  else
    content = (
      <List
        dataSource={auth.data.providers}
        rowKey="provider"
        renderItem={(binding) => {
          const name = providerName(binding.provider);
          return (
            <List.Item
              data-testid={`provider-${binding.provider}`}
              actions={[
                binding.is_bound ? (
                  <Button key="unbind" onClick={() => confirmUnbind(binding)}>
                    {ACCOUNT_TEXT.unbind}
                  </Button>
                ) : (
                  <Button
                    key="bind"
                    type="primary"
                    ghost
                    onClick={() => window.location.assign(providerAuthorizeUrl(binding.provider))}
                  >
                    {ACCOUNT_TEXT.bind}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={
                  <Avatar style={{ background: COLORS[binding.provider] }} icon={ICONS[binding.provider]} />
                }
                title={
                  <>
                    {name}{' '}
                    {binding.is_bound ? (
                      <Tag color="success">{ACCOUNT_TEXT.bound}</Tag>
                    ) : (
                      <Tag>{ACCOUNT_TEXT.unbound}</Tag>
                    )}
                  </>
                }
                description={
                  binding.is_bound
                    ? `${binding.nickname ?? ''}${binding.bound_at ? ` · ${ACCOUNT_TEXT.boundAt} ${formatTime(binding.bound_at)}` : ''}`
                    : null
                }
              />
            </List.Item>
          );
        }}
      />
    );

  return <PageFrame title={ACCOUNT_TEXT.menu.thirdAccount}>{content}</PageFrame>;
}
