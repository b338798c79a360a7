import { Button, Result } from 'antd';
import { useDocumentTitle } from '@/ui/PageFrame';

export default function NotFoundPage() {
  useDocumentTitle('页面不存在');
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，您访问的页面不存在或您没有权限访问。"
      extra={
        <Button type="primary" href="/">
          返回首页
        </Button>
      }
    />
  );
}
