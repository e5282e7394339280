import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/paths.ts';

/** Product §2: the page title is the page name followed by the product name. */
export function usePageTitle(pageName: string | undefined): void {
  useEffect(() => {
    document.title = pageName ? `${pageName} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageName]);
}
