import { useEffect, type ReactNode } from 'react';
import { APP_TITLE } from '@/constants/texts';

export { APP_TITLE };

/** Sets the document title for a page: "<page> - 织雀工作台". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} - ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

/**
 * A page's frame: its title (also the document title) and its content, on a white card. Plain
 * markup styled by styles.css as antd's borderless Card and a level-4 title are drawn: the page
 * used none of Card's parts, and Card brought antd's Tabs with it (12 KB gzip on every page of
 * the back-end and the user centre).
 */
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
    <div className="page-frame">
      <div className="page-frame-head">
        <h4 className="page-frame-title">{title}</h4>
        {extra}
      </div>
      {children}
    </div>
  );
}
