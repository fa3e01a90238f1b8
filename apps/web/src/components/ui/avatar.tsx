import { useState } from 'react';
import fallback from '../../assets/avatar-fallback.svg';

/**
 * A profile photo that falls back to the default picture when missing or broken (spec §8). Lazy,
 * unless `priority`: the main picture of a page, loaded at once and first.
 */
export function Avatar({
  src,
  alt,
  size = 64,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  size?: number;
  className?: string;
  priority?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={!src || broken ? fallback : src}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
