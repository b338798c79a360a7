/**
 * 404. Plain markup styled by public/boot.css, the stylesheet index.html links before any
 * script: index.html's frame paints this very page on a load that starts at /404
 * (vite-plugins/boot-frame, `notFoundMarkup`; a build test keeps the two the same), so it is on
 * screen at the first paint and the app's render changes nothing the user sees.
 */
import { PAGE_TEXT } from '@/constants/texts';
import { ROUTES } from '@/constants/routes';
import { useDocumentTitle } from '@/ui/PageFrame';

export default function NotFoundPage() {
  useDocumentTitle(PAGE_TEXT.notFound.title);
  return (
    <main className="not-found-page">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found-title">{PAGE_TEXT.notFound.title}</h1>
      <p className="not-found-hint">{PAGE_TEXT.notFound.hint}</p>
      <a className="not-found-home" href={ROUTES.home}>
        {PAGE_TEXT.backHome}
      </a>
    </main>
  );
}
