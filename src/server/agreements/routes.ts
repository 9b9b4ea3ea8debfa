import type { FastifyInstance } from 'fastify';
import { agreementsContract } from '~/shared/contracts/agreements';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { archiveAgreementTemplate } from './archive-agreement-template';
import { createAgreementTemplate } from './create-agreement-template';
import { findAgreementTemplateVersions } from './find-agreement-template-versions';
import { findAgreementTemplates } from './find-agreement-templates';
import { updateAgreementTemplate } from './update-agreement-template';

// Agreements (issue 57): the endpoints of shared/contracts/agreements.ts. Templates are read by the hiring roles
// and written by the company's Owner and Admins.
export async function agreementRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const read = { access: { permission: 'read:agreement_template:own' } } as const;
  const write = { access: { permission: 'update:agreement_template:own' } } as const;

  registerEndpoint(app, agreementsContract.templates, { config: read }, async (request) =>
    findAgreementTemplates({ db, companyId: currentCompanyId(request), query: request.query }),
  );
  registerEndpoint(app, agreementsContract.createTemplate, { config: write }, async (request, reply) =>
    reply.code(201).send(await createAgreementTemplate({ db, ...companyActorOf(request), input: request.body })),
  );
  registerEndpoint(app, agreementsContract.updateTemplate, { config: write }, async (request) =>
    updateAgreementTemplate({ db, ...companyActorOf(request), id: request.params.id, input: request.body }),
  );
  registerEndpoint(app, agreementsContract.templateVersions, { config: read }, async (request) =>
    findAgreementTemplateVersions({
      db,
      companyId: currentCompanyId(request),
      id: request.params.id,
      query: request.query,
    }),
  );
  registerEndpoint(app, agreementsContract.archiveTemplate, { config: write }, async (request, reply) => {
    await archiveAgreementTemplate({ db, ...companyActorOf(request), id: request.params.id });
    return reply.code(204).send(null);
  });
}
