import { useEffect } from 'react';
import { catalogueActions, useCatalogueStore } from '../../stores/catalogue-store';

/** A product or category picture from the terminal's image cache; initials while there is none. */
export function CatalogueImage(props: { productId?: number; categoryId?: number; index?: number; size?: 'thumb' | 'large'; alt: string; className?: string }) {
  const { productId, categoryId, index = 0, size = 'thumb', alt, className } = props;
  const key = categoryId !== undefined ? `c${categoryId}` : `p${productId}:${index}:${size}`;
  const url = useCatalogueStore((s) => s.images[key]);
  useEffect(() => {
    void catalogueActions.image(key, { ...(productId !== undefined ? { productId } : {}), ...(categoryId !== undefined ? { categoryId } : {}), index, size });
  }, [key, productId, categoryId, index, size]);
  if (url) return <img className={`picture ${size} ${className ?? ''}`} src={url} alt={alt} />;
  return (
    <span className={`picture placeholder ${size} ${className ?? ''}`} aria-hidden="true">
      {alt.slice(0, 2).toUpperCase()}
    </span>
  );
}
