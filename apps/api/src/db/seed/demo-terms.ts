import { sql } from 'drizzle-orm';
import { TERMOS_VERSAO } from '@tc/shared';
import type { Db } from '../client';
import { DEMO_CLIENTES, DEMO_PROFISSIONAIS } from './demo-data';

/**
 * The demo clients and professionals have accepted the current terms version (docs/decisions/0016):
 * run on every demo start, so a new version does not stop the demo log-ins with the dialog. Real
 * accounts are never touched (only the demo e-mails), and an acceptance already there stays as it was.
 */
export async function acceptDemoTerms(db: Db, versao = TERMOS_VERSAO) {
  const list = (emails: string[]) =>
    sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    );
  await db.execute(sql`
    insert into termos_aceites (destinatario_tipo, destinatario_id, versao)
    select 'cliente'::user_role, id, ${versao} from clientes where email in (${list(DEMO_CLIENTES.map((c) => c.email))})
    union all
    select 'profissional'::user_role, id, ${versao} from profissionais where email in (${list(DEMO_PROFISSIONAIS.map((p) => p.email))})
    on conflict do nothing`);
}
