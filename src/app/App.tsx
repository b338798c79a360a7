import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build: under Vite 8 (rolldown) the CJS entry 'antd/locale/zh_CN' is imported with Node interop, so its default is the module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router-dom';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';
import { THEME } from '@/ui/theme';
import { AppDesignTokens } from '@/ui/AppDesignTokens';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './early-start';
import { setupTransport } from './transport-setup';

dayjs.locale('zh-cn');
setupTransport();

// Run-time <style> elements carry the page's nonce (strict style-src, vite-plugins/csp.ts): antd's through `csp`, the rest stamped.
const csp = { nonce: cspNonce() };
nonceScriptCreatedStyles(csp.nonce);

export function App() {
  return (
    // autoInsertSpace off: antd would render 确定 as "确 定"; the spec's texts stay exact.
    <AppDesignTokens>
      <ConfigProvider csp={csp} locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </AppDesignTokens>
  );
}
