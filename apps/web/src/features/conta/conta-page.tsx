import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, Download, KeyRound, LogOut, Mail, Pencil, Phone, ShieldCheck, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhoneNumberIntl } from 'react-phone-number-input';
import { toast } from '../../components/ui/toast';
import { M } from '@tc/shared';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../components/ui/page-title';
import { ErrorState, Loading } from '../../components/ui/states';
import { errorMessage } from '../../lib/api';
import { clearSession, useSession } from '../../lib/session';
import { downloadMyData, LOGIN_PATH, MENU_PATH, readContaSession, useAccount, type ContaTipo } from './conta-api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PreferenciasSection } from '../notificacoes';
import { UrgenciasSection } from '../area-profissional';
import './conta.css';

export const telefoneLegivel = (tel: string | null | undefined) => {
  if (!tel) return null;
  try {
    return formatPhoneNumberIntl(tel as Parameters<typeof formatPhoneNumberIntl>[0]) || tel;
  } catch {
    return tel;
  }
};

export function ContaPage() {
  usePageTitle('Minha Conta');
  useSession(); // re-read after a login/logout in another tab
  const session = readContaSession();
  const tipo = session.tipo;
  const account = useAccount(session.ok ? session.tipo : undefined, session.ok ? session.email : undefined);

  let body;
  if (!session.ok) body = <ErrorState text={session.message} />;
  else if (account.isPending) body = <Loading text="A carregar a sua conta..." />;
  else if (account.isError) body = <ErrorState text={M.accountLoadError} onRetry={() => void account.refetch()} />;
  else body = <ContaLoaded tipo={session.tipo} account={account.data} />;

  return (
    <div className="page conta-page">
      <div className="container">
        {tipo && (
          <Link to={MENU_PATH[tipo]} className="back-link">
            <ArrowLeft size={18} aria-hidden /> Voltar ao menu
          </Link>
        )}
        <h1>Minha Conta</h1>
        {body}
      </div>
    </div>
  );
}

function ContaLoaded({ tipo, account }: { tipo: ContaTipo; account: NonNullable<ReturnType<typeof useAccount>['data']> }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [downloading, setDownloading] = useState(false);

  /*
   * Leaving: navigate first and forget the session only when this page unmounts (the new route is on
   * screen). Clearing before would let the /conta guard re-render first and send a professional to
   * the client login.
   */
  const leaving = useRef<null | (() => void)>(null);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      clearSession();
      // Personal data should not stay in memory on a shared computer.
      qc.removeQueries({ queryKey: ['conta'] });
      qc.removeQueries({ type: 'inactive' });
      leaving.current();
    },
    [qc],
  );
  const leave = (target: string, after: () => void = () => {}) => {
    leaving.current = after;
    void navigate(target, { replace: true });
  };

  const sair = () => leave(LOGIN_PATH[tipo]);

  const descarregar = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadMyData(tipo);
      toast.success('Os seus dados foram descarregados.');
    } catch (e) {
      toast.error(errorMessage(e, 'Não foi possível descarregar os seus dados. Tente novamente.'));
    } finally {
      setDownloading(false);
    }
  };

  const eliminada = () => {
    setDeleting(false);
    leave('/', () => toast.success('Conta eliminada.'));
  };

  const telefone = telefoneLegivel(account.telefone);
  return (
    <div className="conta-layout">
      <section className="card conta-profile" aria-labelledby="conta-nome">
        <div className="conta-profile-head">
          <Avatar src={account.fotoUrl} alt={`Fotografia de ${account.nome}`} size={96} className="conta-photo" />
          <div className="conta-id">
            <h2 id="conta-nome">{account.nome}</h2>
            <span className="badge">{tipo === 'cliente' ? 'Cliente' : 'Profissional'}</span>
          </div>
        </div>
        <dl className="conta-data">
          <div>
            <dt>
              <Mail size={16} aria-hidden /> Email
            </dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>
              <Phone size={16} aria-hidden /> Telefone
            </dt>
            <dd>{telefone ?? <span className="muted">Não informado</span>}</dd>
          </div>
          {tipo === 'profissional' && (
            <div className="conta-bio">
              <dt>Bio</dt>
              <dd>{account.bio?.trim() ? account.bio : <span className="muted">Não informado</span>}</dd>
            </div>
          )}
        </dl>
        <div className="conta-actions">
          <Link to="/conta/editar-perfil" className="btn btn-primary">
            <Pencil size={18} aria-hidden /> Editar Perfil
          </Link>
          <Link to="/conta/alterar-senha" className="btn btn-outline">
            <KeyRound size={18} aria-hidden /> Alterar Senha
          </Link>
          <Button variant="outline" onClick={sair}>
            <LogOut size={18} aria-hidden /> Sair da Conta
          </Button>
        </div>
      </section>

      <section className="card conta-rgpd" aria-labelledby="conta-rgpd-title">
        <h2 id="conta-rgpd-title">
          <ShieldCheck size={22} aria-hidden /> Os seus dados
        </h2>
        <p className="muted">
          Nos termos do RGPD, pode descarregar uma cópia de todos os dados que guardamos sobre si ou eliminar a sua conta definitivamente.
        </p>
        <div className="conta-rgpd-actions">
          <Button variant="outline" loading={downloading} loadingText="A preparar..." onClick={() => void descarregar()}>
            <Download size={18} aria-hidden /> Descarregar os meus dados
          </Button>
          <Button variant="outline" className="conta-danger-outline" onClick={() => setDeleting(true)}>
            <Trash2 size={18} aria-hidden /> Eliminar conta
          </Button>
        </div>
      </section>

      <PreferenciasSection tipo={tipo} />
      {tipo === 'profissional' && <UrgenciasSection />}

      <DeleteAccountDialog tipo={tipo} open={deleting} onOpenChange={setDeleting} onDeleted={eliminada} />
    </div>
  );
}
