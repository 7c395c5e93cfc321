import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

/** Sets the page title ("… | Mintbox") and description for the current page. */
export function useDocumentTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: Influencer Marketing Made Easy`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
