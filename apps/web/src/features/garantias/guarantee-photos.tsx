import { useEffect, useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { Role } from '@tc/shared';
import { getToken } from '../../lib/session';

type PhotoState = { status: 'loading' } | { status: 'ok'; url: string } | { status: 'error' };

/**
 * A claim's photos are private: fetched with the caller's token (never a plain <img src>), held as
 * object URLs while shown and released after.
 */
function usePrivatePhoto(garantiaId: number, n: number, as: Role): PhotoState {
  const [state, setState] = useState<PhotoState>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    const token = getToken(as);
    fetch(`/api/garantias/${garantiaId}/fotos/${n}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctrl.signal, cache: 'no-store' })
      .then(async (res) => {
        if (!res.ok) return setState({ status: 'error' });
        url = URL.createObjectURL(await res.blob());
        if (ctrl.signal.aborted) {
          URL.revokeObjectURL(url);
          return;
        }
        setState({ status: 'ok', url });
      })
      .catch((e) => {
        if ((e as Error).name !== 'AbortError') setState({ status: 'error' });
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [garantiaId, n, as]);
  return state;
}

function Photo({ garantiaId, n, as, titulo }: { garantiaId: number; n: number; as: Role; titulo: string }) {
  const photo = usePrivatePhoto(garantiaId, n, as);
  const alt = `Fotografia ${n} do problema: ${titulo}`;
  if (photo.status === 'ok') {
    return (
      <a href={photo.url} target="_blank" rel="noopener" className="guarantee-photo" aria-label={`${alt} (abre em tamanho real)`}>
        <img src={photo.url} alt={alt} />
      </a>
    );
  }
  return (
    <span
      className={`guarantee-photo ${photo.status}`}
      role={photo.status === 'error' ? 'img' : 'status'}
      aria-label={photo.status === 'error' ? `Fotografia ${n} indisponível` : `A carregar a fotografia ${n}`}
    >
      {photo.status === 'loading' ? <span className="spinner" aria-hidden /> : <ImageOff size={22} aria-hidden />}
    </span>
  );
}

/** The claim's photos as thumbnails (each opens full size). */
export function GuaranteePhotos({ garantiaId, count, as, titulo }: { garantiaId: number; count: number; as: Role; titulo: string }) {
  if (count === 0) return null;
  return (
    <ul className="guarantee-photos" aria-label="Fotografias do problema">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Photo garantiaId={garantiaId} n={i + 1} as={as} titulo={titulo} />
        </li>
      ))}
    </ul>
  );
}
