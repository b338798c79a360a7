import { Button, Result } from 'antd';
import { useDocumentTitle } from '@/ui/PageFrame';
import { PAGE_TEXT } from '@/constants/texts';
import { ROUTES } from '@/constants/routes';

export default function NotFoundPage() {
  useDocumentTitle(PAGE_TEXT.notFound.title);
  return (
    <Result
      status="404"
      title="404"
      subTitle={PAGE_TEXT.notFound.hint}
      extra={
        <Button type="primary" href={ROUTES.home}>
          {PAGE_TEXT.backHome}
        </Button>
      }
    />
  );
}
