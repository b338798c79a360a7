import { Card, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { APP_TITLE } from '@/constants/texts';

export { APP_TITLE };

/** Sets the document title for a page: "<page> - 织雀工作台". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

/** A page's frame: its title (also the document title) and its content. */
export function PageFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Card className="page-frame" variant="borderless">
      <div className="page-frame-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {children}
    </Card>
  );
}
