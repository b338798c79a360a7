import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { ADMIN_TEXT } from '@/constants/texts';
import { useDocumentTitle } from '@/ui/PageFrame';
import { ROUTES } from '@/constants/routes';

/** A back-end page this app has but the user's menus do not give: refused, not blank. */
export default function Forbidden() {
  useDocumentTitle(ADMIN_TEXT.forbiddenTitle);
  return (
    <Result
      status="403"
      title={ADMIN_TEXT.forbiddenTitle}
      subTitle={ADMIN_TEXT.forbiddenHint}
      extra={
        <Link to={ROUTES.home}>
          <Button type="primary">{ADMIN_TEXT.backHome}</Button>
        </Link>
      }
    />
  );
}
