import { useState } from 'react';
import fallback from '../../assets/avatar-fallback.svg';

/** A profile photo that falls back to the default picture when missing or broken (spec §8). */
export function Avatar({ src, alt, size = 64, className }: { src: string | null | undefined; alt: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={!src || broken ? fallback : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
