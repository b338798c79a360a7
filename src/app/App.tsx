import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build: under Vite 8 (rolldown) the CJS entry 'antd/locale/zh_CN' is imported with Node interop, so its default is the module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './early-start';
import { setupTransport } from './transport-setup';

dayjs.locale('zh-cn');
setupTransport();


export function App() {
  return (
    // autoInsertSpace off: antd would render 确定 as "确 定"; the spec's texts stay exact.
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1f6feb', borderRadius: 6 } }}>
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
