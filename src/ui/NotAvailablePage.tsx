import { Button, Result } from 'antd';
import { useDocumentTitle } from './PageFrame';

/** A route the server gave that this version of the app has no page for: say so, never a blank. */
export default function NotAvailablePage({ name }: { name?: string }) {
  useDocumentTitle(name ?? '暂不可用');
  return (
    <Result
      status="info"
      title={`${name ?? '该页面'}暂不可用`}
      subTitle="当前版本的工作台还不支持这个页面，请联系管理员。"
      extra={
        <Button type="primary" href="/">
          返回首页
        </Button>
      }
    />
  );
}
