import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountResponse,
  changePasswordBody,
  clienteCompleteProfileFields,
  clienteProfileCompleted,
  dataExport,
  editProfileFields,
  errorResponse,
  M,
  messageResponse,
  passwordChanged,
  profissionalCompleteProfileFields,
  profissionalProfileCompleted,
} from '@tc/shared';
import { assertSelf } from '../../lib/ownership';
import { requireRole, sessionKey, signSession } from '../../plugins/auth';
import { parseFields, readMultipart } from '../uploads/multipart';
import { confirmationLinks } from '../clientes/email-confirmation.service';
import {
  changePassword,
  completeClienteProfile,
  completeProfissionalProfile,
  deleteAccount,
  editProfile,
  exportData,
  getAccountByEmail,
  type AccountRole,
} from './contas.service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const multipartDoc = { consumes: ['multipart/form-data'] };

// The forms as documented in OpenAPI (fields + files); the handlers read them with readMultipart.
const photo = z.file().optional();
const forms = {
  cliente: {
    complete: clienteCompleteProfileFields.extend({ foto: photo }),
    edit: editProfileFields.omit({ bio: true }).extend({ foto: photo }),
  },
  profissional: {
    // The ID card as two `documentos` (front, then back) or as ccFrente and ccVerso.
    complete: profissionalCompleteProfileFields.extend({
      fotoPerfil: z.file(),
      documentos: z.array(z.file()).max(2).optional(),
      ccFrente: photo,
      ccVerso: photo,
    }),
    edit: editProfileFields.extend({ foto: photo }),
  },
};

/** The same account routes for clients and professionals: /cliente/... and /profissional/... */
export const contasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, clock } = app.ctx;
  const links = confirmationLinks(app.ctx.env, app.ctx.hashKey, () => clock.now());

  for (const tipo of ['cliente', 'profissional'] as AccountRole[]) {
    const tag = [tipo];

    app.get(
      `/${tipo}/account/:email`,
      {
        onRequest: requireRole(tipo, 'admin'),
        schema: {
          tags: tag,
          summary: 'Dados da conta (só o próprio ou um admin)',
          security: [{ bearer: [] }],
          params: z.object({ email: z.string() }),
          response: { 200: accountResponse, ...errors },
        },
      },
      async (request) => getAccountByEmail(db, tipo, request.params.email, request.user),
    );

    app.put(
      `/${tipo}/complete-profile`,
      {
        onRequest: requireRole(tipo),
        schema: {
          tags: tag,
          ...multipartDoc,
          multipartForm: forms[tipo].complete,
          security: [{ bearer: [] }],
          summary:
            tipo === 'cliente'
              ? 'Completar perfil: multipart id, telefone, foto (opcional)'
              : 'Completar perfil: multipart id, bio, telefone, especialidades[], fotoPerfil, documentos (frente e verso) ou ccFrente/ccVerso, consentimento=true',
          response: { 200: tipo === 'cliente' ? clienteProfileCompleted : profissionalProfileCompleted, ...errors },
        },
      },
      async (request) => {
        const { fields, files } = await readMultipart(request);
        if (tipo === 'cliente') {
          const data = parseFields(clienteCompleteProfileFields, fields);
          assertSelf(request.user, tipo, data.id, { message: M.idInvalido });
          return completeClienteProfile(
            db,
            storage,
            data.id,
            data.telefone,
            files.find((f) => f.field === 'foto'),
          );
        }
        const especialidades = fields.especialidades === undefined ? [] : ([] as string[]).concat(fields.especialidades);
        const data = parseFields(profissionalCompleteProfileFields, { ...fields, especialidades });
        assertSelf(request.user, tipo, data.id, { message: M.idInvalido });
        // The spec's form sends `documentos` twice (front, then back); named fields work too.
        const docs = files.filter((f) => f.field === 'documentos');
        return completeProfissionalProfile(
          db,
          storage,
          data.id,
          data,
          {
            fotoPerfil: files.find((f) => f.field === 'fotoPerfil'),
            ccFrente: files.find((f) => f.field === 'ccFrente') ?? (docs[0] && { ...docs[0], field: 'ccFrente' }),
            ccVerso: files.find((f) => f.field === 'ccVerso') ?? (docs[1] && { ...docs[1], field: 'ccVerso' }),
          },
          clock.now(),
        );
      },
    );

    app.put(
      `/${tipo}/edit-profile`,
      {
        onRequest: requireRole(tipo),
        schema: {
          tags: tag,
          ...multipartDoc,
          multipartForm: forms[tipo].edit,
          security: [{ bearer: [] }],
          summary: `Editar perfil: multipart id, nome, email, telefone${tipo === 'profissional' ? ', bio' : ''}, foto (opcional)`,
          response: { 200: accountResponse, ...errors },
        },
      },
      async (request) => {
        const { fields, files } = await readMultipart(request);
        const data = parseFields(editProfileFields, fields);
        assertSelf(request.user, tipo, data.id, { message: M.idInvalido });
        return editProfile(
          db,
          storage,
          tipo,
          data.id,
          { ...data, bio: tipo === 'profissional' ? data.bio : undefined },
          files.find((f) => f.field === 'foto'),
          links,
        );
      },
    );

    app.put(
      `/${tipo}/change-password`,
      {
        onRequest: requireRole(tipo),
        schema: {
          tags: tag,
          summary: 'Alterar senha (a senha atual é verificada; as outras sessões terminam e esta recebe um token novo)',
          security: [{ bearer: [] }],
          body: changePasswordBody,
          response: { 200: passwordChanged, ...errors },
        },
      },
      async (request, reply) => {
        assertSelf(request.user, tipo, request.body.id, { message: M.idInvalido });
        const v = await changePassword(db, tipo, request.body.id, request.body.senhaAtual, request.body.novaSenha);
        app.ctx.sessions.invalidate(sessionKey(tipo, request.body.id));
        return { message: M.senhaAlterada, access_token: await signSession(reply, { id: request.body.id, tipo, v }) };
      },
    );

    app.get(
      `/${tipo}/export-data`,
      {
        onRequest: requireRole(tipo),
        schema: { tags: tag, summary: 'RGPD: descarregar todos os meus dados (JSON)', security: [{ bearer: [] }], response: { 200: dataExport, ...errors } },
      },
      async (request, reply) => {
        const data = await exportData(db, tipo, request.user.id);
        return reply.header('content-disposition', `attachment; filename="os-meus-dados-${tipo}.json"`).send(data);
      },
    );

    app.delete(
      `/${tipo}/delete-account`,
      {
        onRequest: requireRole(tipo),
        schema: {
          tags: tag,
          summary: 'RGPD: eliminar a conta (pede a senha)',
          security: [{ bearer: [] }],
          body: z.object({ senha: z.string().min(1, M.senhaRequired) }),
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request) => {
        await deleteAccount(db, storage, tipo, request.user.id, request.body.senha, clock.now());
        app.ctx.sessions.invalidate(sessionKey(tipo, request.user.id));
        return { message: 'Conta eliminada.' };
      },
    );
  }
};
