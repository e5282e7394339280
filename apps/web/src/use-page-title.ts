import { useEffect } from 'react';

export const PRODUCT_NAME = 'Ballast';

/** Spec §2: the page title is the page name followed by the product name. */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = `${pageName} | ${PRODUCT_NAME}`;
  }, [pageName]);
}
