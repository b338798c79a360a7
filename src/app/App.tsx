import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build: under Vite 8 (rolldown) the CJS entry 'antd/locale/zh_CN' is imported with Node interop, so its default is the module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router-dom';
import { prefetchSession } from '@/session/bootstrap';
import { acceptTokenFromUrl } from '@/session/sso';
import { AppRoutes } from './AppRoutes';
import { setupTransport } from './transport-setup';

dayjs.locale('zh-cn');
setupTransport();

export const queryClient = new QueryClient({
  defaultOptions: {
    // The transport already toasts errors; one retry is enough for flaky networks, none for mutations.
    queries: { retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

acceptTokenFromUrl();
prefetchSession(queryClient);

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1f6feb', borderRadius: 6 } }}>
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
