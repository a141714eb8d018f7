import { useEffect } from 'react';

const SITE_NAME = 'Kusina';

/** Each route names itself in the tab and for screen-reader users arriving on the page. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — Hawaiian & Chamorro kitchen`;
  }, [title]);
}
