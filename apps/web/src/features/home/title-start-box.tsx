import { useRef, useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useSingleFlight } from '../../lib/single-flight';
import { useStartProject } from './start-project';

export const TITLE_LABEL = 'Qual é o título do seu projeto?';
export const TITLE_REQUIRED = 'Escreva o título do seu projeto.';

// The schema (and zod with it) loads on first use, not with the home page, which must stay light:
// nobody needs it before typing, and focusing the box starts the download.
const loadSchema = () => import('./title-schema');

/** The title as the schema keeps it (trimmed), or the first message for it. */
async function checkTitle(titulo: string): Promise<{ titulo: string; error?: undefined } | { error: string }> {
  const result = (await loadSchema()).titleSchema.safeParse({ titulo });
  return result.success ? { titulo: result.data.titulo } : { error: result.error.issues[0]?.message ?? TITLE_REQUIRED };
}

/**
 * The project-title start box: keeps the title for the project form and sends the client on (spec §2 Home).
 * One field, so no form library (it would be a tenth of the home page's script): it behaves as the
 * react-hook-form forms do, validated on submit, then again on every change, focus on the error.
 */
export function TitleStartBox() {
  const startProject = useStartProject();
  const input = useRef<HTMLInputElement>(null);
  const submitted = useRef(false);
  const [error, setError] = useState<string>();
  const [submit, busy] = useSingleFlight(async () => {
    submitted.current = true;
    const checked = await checkTitle(input.current?.value ?? '');
    if (checked.error !== undefined) {
      setError(checked.error);
      input.current?.focus();
      return;
    }
    setError(undefined);
    // A free title has no catalogue specialty: the client picks it on the form.
    startProject(checked.titulo, null, '/areadocliente');
  });
  return (
    <form
      className="home-start"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onFocus={() => void loadSchema()}
      noValidate
      aria-label="Começar um projeto"
    >
      <TextField
        ref={input}
        name="titulo"
        label={TITLE_LABEL}
        placeholder="Ex.: Instalar tomadas na cozinha"
        maxLength={120}
        autoComplete="off"
        defaultValue=""
        error={error}
        onChange={(e) => {
          if (submitted.current) void checkTitle(e.target.value).then((c) => setError(c.error));
        }}
      />
      <Button type="submit" variant="primary" loading={busy} className="home-start-btn">
        Publicar projeto <ArrowRight size={18} aria-hidden />
      </Button>
    </form>
  );
}
