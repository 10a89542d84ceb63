import { useEffect } from 'react';
import type { Freshness } from '../../../../preload/contract';
import { catalogueActions, useCatalogueStore } from '../../stores/catalogue-store';

function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * Where the data on screen comes from: offline (with why) or when it was last refreshed. Said in
 * words and by a tone class, never by colour alone.
 */
export function FreshnessNote({ freshness, label, onRefresh, busy }: { freshness: Freshness | undefined; label: string; onRefresh?: () => void; busy?: boolean }) {
  if (!freshness) return null;
  const when = freshness.refreshedAt ? `${ago(freshness.refreshedAt)} (${new Date(freshness.refreshedAt).toLocaleString()})` : 'never';
  return (
    <div className={`freshness ${freshness.offline ? 'tone-bad' : 'tone-ok'}`} role="status" aria-label={`${label} freshness`} data-testid={`freshness-${label}`}>
      {freshness.offline ? (
        <span>
          <strong>Offline</strong> — showing the copy saved {when}. {freshness.problem}
        </span>
      ) : (
        <span>Last refreshed {when}</span>
      )}
      {freshness.training && <span className="tag">Training data</span>}
      {onRefresh && (
        <button type="button" className="button secondary" onClick={onRefresh} disabled={busy}>
          {busy ? 'Refreshing…' : 'Refresh'}
        </button>
      )}
    </div>
  );
}

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

export function ErrorNote({ text }: { text: string | undefined }) {
  return text ? (
    <p className="error-note" role="alert">
      {text}
    </p>
  ) : null;
}
