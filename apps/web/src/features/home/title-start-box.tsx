import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { requiredText } from '@tc/shared';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useSingleFlight } from '../../lib/single-flight';
import { useStartProject } from './start-project';

export const TITLE_LABEL = 'Qual é o título do seu projeto?';
export const TITLE_REQUIRED = 'Escreva o título do seu projeto.';

// Same limit as the project form (createRequestBody.titulo), with a message that fits this box.
const schema = z.object({ titulo: requiredText(TITLE_REQUIRED, 120) });
type Form = z.infer<typeof schema>;

/** The project-title start box: keeps the title for the project form and sends the client on (spec §2 Home). */
export function TitleStartBox() {
  const startProject = useStartProject();
  const { register, handleSubmit, formState } = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { titulo: '' } });
  const [submit, busy] = useSingleFlight(
    handleSubmit(async ({ titulo }) => {
      // A free title has no catalogue specialty: the client picks it on the form.
      startProject(titulo, null, '/areadocliente');
    }),
  );
  return (
    <form className="home-start" onSubmit={submit} noValidate aria-label="Começar um projeto">
      <TextField
        label={TITLE_LABEL}
        placeholder="Ex.: Instalar tomadas na cozinha"
        maxLength={120}
        autoComplete="off"
        error={formState.errors.titulo?.message}
        {...register('titulo')}
      />
      <Button type="submit" variant="primary" loading={busy} className="home-start-btn">
        Publicar projeto <ArrowRight size={18} aria-hidden />
      </Button>
    </form>
  );
}
