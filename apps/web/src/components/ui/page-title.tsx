import { useEffect } from 'react';
import { PRODUCT_NAME } from '@tc/shared/catalogue/brand';

/** Sets the document title: "<page> · Técnico Certo". */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: eletricistas, domótica e canalizadores em Portugal`;
  }, [title]);
}
