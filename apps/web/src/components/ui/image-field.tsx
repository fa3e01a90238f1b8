import { useEffect, useId, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { IMAGE_MIME_TYPES, M, MAX_IMAGE_BYTES } from '@tc/shared';

/** Checks what the browser can check before upload; the server checks the bytes again. */
export function checkImage(file: File | null | undefined, required: boolean): string | undefined {
  if (!file) return required ? M.campoObrigatorio : undefined;
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return M.imagemTipo;
  if (file.size > MAX_IMAGE_BYTES) return M.imagemMax;
  return undefined;
}

interface Props {
  label: string;
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string;
  hint?: string;
  /** Current picture, shown until a new one is chosen. */
  currentUrl?: string | null;
  shape?: 'round' | 'card';
  name?: string;
}

/** File input for one image, with a preview (object URL released when replaced). */
export function ImageField({ label, file, onChange, error, hint, currentUrl, shape = 'round', name }: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="field image-field">
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-field-row">
        <div className={`image-preview ${shape}`} aria-hidden={!shown}>
          {shown ? <img src={shown} alt={`Pré-visualização: ${label}`} /> : <ImagePlus size={28} aria-hidden />}
        </div>
        <div>
          <label htmlFor={id} className="btn btn-outline">
            {file ? 'Trocar imagem' : 'Escolher imagem'}
          </label>
          <input
            id={id}
            name={name}
            className="sr-only"
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            aria-labelledby={`${id}-label`}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
          {file && (
            <p className="field-hint">
              {file.name} ({(file.size / 1024 / 1024).toLocaleString('pt-PT', { maximumFractionDigits: 1 })} MB)
            </p>
          )}
          {hint && !error && (
            <p className="field-hint" id={`${id}-hint`}>
              {hint}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
