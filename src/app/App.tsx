import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
// The ES build: under Vite 8 (rolldown) the CJS entry 'antd/locale/zh_CN' is imported with Node interop, so its default is the module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './early-start';
import { setupTransport } from './transport-setup';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';

dayjs.locale('zh-cn');
setupTransport();

// Run-time <style> elements carry the page's nonce (strict style-src, scripts/csp.ts): antd's through `csp`, the rest stamped.
const csp = { nonce: cspNonce() };
nonceScriptCreatedStyles(csp.nonce);

/**
 * Colours that reach WCAG AA (4.5:1) for text: antd's defaults for links (#1677ff),
 * secondary text (#8c8c8c), errors (#ff4d4f), status tags and the light preset tag
 * colours fall short on white or on their tinted backgrounds; the primary blue is a
 * shade darker than #1f6feb so that it also reads on the light-blue selected rows.
 */
const THEME: ThemeConfig = {
  token: { colorPrimary: '#175cd3', colorLink: '#175cd3', borderRadius: 6, colorError: '#cf1322', colorTextTertiary: '#6b6b6b' },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      colorError: '#cf1322',
      // Preset colours (<Tag color="gold">): the text shade, where antd's 7th fails on the 1st.
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
  },
};

export function App() {
  return (
    // autoInsertSpace off: antd would render 确定 as "确 定"; the spec's texts stay exact.
    <ConfigProvider csp={csp} locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
