import { Button, Result } from 'antd';
import { PAGE_TEXT } from '@/constants/texts';
import { ROUTES } from '@/constants/routes';
import { useDocumentTitle } from './PageFrame';

/** A route the server gave that this version of the app has no page for: say so, never a blank. */
export default function NotAvailablePage({ name }: { name?: string }) {
  useDocumentTitle(name ?? PAGE_TEXT.notAvailable.title);
  return (
    <Result
      status="info"
      title={PAGE_TEXT.notAvailable.named(name)}
      subTitle={PAGE_TEXT.notAvailable.hint}
      extra={
        <Button type="primary" href={ROUTES.home}>
          {PAGE_TEXT.backHome}
        </Button>
      }
    />
  );
}
