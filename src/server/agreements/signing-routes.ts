import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agreementsContract } from '~/shared/contracts/agreements';
import type { AppContext } from '../app-context';
import { findAgreementSettings } from '../kernels/agreements/agreement-settings';
import { authMay, currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { sendDownload } from '../platform/file-transfer';
import { createLimiter } from '../platform/rate-limits';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { type AgreementViewer, findAgreements, loadAgreementDetail, readAgreementPdf } from './agreement-views';
import { declineAgreement } from './decline-agreement';
import { findJobAgreements } from './find-job-agreements';
import { remindAgreement } from './remind-agreement';
import { resendAgreement } from './resend-agreement';
import { sendSigningCode } from './send-signing-code';
import { type SignatureInput, signAgreement } from './sign-agreement';
import { updateAgreementSettings } from './update-agreement-settings';
import { updateJobAgreements } from './update-job-agreements';
import { voidAgreement } from './void-agreement';

// Agreements sent, signed and sealed (issue 57, decision 056): the talent's, the company's and the
// administrators' endpoints. Signing takes a browser session (never an API token) and the emailed code.
export async function agreementSigningRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, files, config } = context;
  const { publicUrl } = config;
  const talentRead = { access: { permission: 'read:agreement:own' } } as const;
  const talentSign = { sessionOnly: true, access: { permission: 'update:agreement:own' } } as const;
  const companyRead = { access: { permission: 'read:agreement:own' } } as const;
  const companyWrite = { sessionOnly: true, access: { permission: 'update:agreement:own' } } as const;
  const adminRead = { access: { permission: 'read:agreement:any' } } as const;

  // A wrong code counts: ten tries in 15 minutes (a six-digit code must not be guessable by trying). Codes: one
  // an agreement, so a hire's five agreements and a few resends fit in the twenty.
  const signLimit = createLimiter(app, {
    name: 'agreement-sign:account',
    max: 10,
    windowMinutes: 15,
    key: (request) => actorOf(request).actorId,
    message: 'Too many attempts to sign',
  });
  const codeLimit = createLimiter(app, {
    name: 'agreement-code:account',
    max: 20,
    windowMinutes: 15,
    key: (request) => actorOf(request).actorId,
    message: 'Too many codes asked for',
  });

  const talentOf = (request: FastifyRequest): AgreementViewer => ({ kind: 'talent', userId: actorOf(request).actorId });
  const companyOf = (request: FastifyRequest): AgreementViewer => ({
    kind: 'company',
    companyId: currentCompanyId(request),
    mayCountersign: authMay(currentAuth(request), 'update:agreement:own'),
  });
  const sign = async (request: FastifyRequest, viewer: AgreementViewer, id: string, input: SignatureInput) => {
    await signLimit.check(request);
    try {
      return await signAgreement({
        db,
        files,
        mailer,
        config,
        publicUrl,
        agreementId: id,
        viewer,
        party: viewer.kind === 'talent' ? 'talent' : 'company',
        userId: actorOf(request).actorId,
        input,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
    } catch (error) {
      await signLimit.hit(request);
      throw error;
    }
  };
  const code = async (request: FastifyRequest, viewer: AgreementViewer, id: string) => {
    await codeLimit.hit(request);
    return sendSigningCode({
      db,
      mailer,
      agreementId: id,
      viewer,
      party: viewer.kind === 'talent' ? 'talent' : 'company',
      userId: actorOf(request).actorId,
    });
  };

  // The talent's.
  registerEndpoint(app, agreementsContract.ownAgreements, { config: talentRead }, async (request) =>
    findAgreements({ db, viewer: talentOf(request), query: request.query }),
  );
  registerEndpoint(app, agreementsContract.ownAgreement, { config: talentRead }, async (request) =>
    loadAgreementDetail({ db, id: request.params.id, viewer: talentOf(request) }),
  );
  registerEndpoint(app, agreementsContract.ownSigningCode, { config: talentSign }, async (request) =>
    code(request, talentOf(request), request.params.id),
  );
  registerEndpoint(app, agreementsContract.signAgreement, { config: talentSign }, async (request) => {
    const { message } = await sign(request, talentOf(request), request.params.id, request.body);
    return { message };
  });
  registerEndpoint(app, agreementsContract.declineAgreement, { config: talentSign }, async (request) =>
    declineAgreement({
      db,
      mailer,
      publicUrl,
      agreementId: request.params.id,
      ...actorOf(request),
      reason: request.body.reason,
    }),
  );
  registerEndpoint(app, agreementsContract.ownAgreementPdf, { config: talentRead }, async (request, reply) =>
    sendDownload(reply, await readAgreementPdf({ db, files, id: request.params.id, viewer: talentOf(request) })),
  );

  // The company's.
  registerEndpoint(app, agreementsContract.settings, { config: companyRead }, async (request) =>
    findAgreementSettings(db, currentCompanyId(request)),
  );
  registerEndpoint(app, agreementsContract.updateSettings, { config: companyWrite }, async (request) =>
    updateAgreementSettings({ db, ...companyActorOf(request), input: request.body }),
  );
  registerEndpoint(
    app,
    agreementsContract.jobAgreements,
    { config: { access: { permission: 'read:agreement_template:own' } } },
    async (request) => findJobAgreements({ db, companyId: currentCompanyId(request), jobId: request.params.id }),
  );
  registerEndpoint(app, agreementsContract.updateJobAgreements, { config: companyWrite }, async (request) =>
    updateJobAgreements({
      db,
      ...companyActorOf(request),
      jobId: request.params.id,
      templates: request.body.templates,
    }),
  );
  registerEndpoint(app, agreementsContract.companyAgreements, { config: companyRead }, async (request) =>
    findAgreements({ db, viewer: companyOf(request), query: request.query }),
  );
  registerEndpoint(app, agreementsContract.companyAgreement, { config: companyRead }, async (request) =>
    loadAgreementDetail({ db, id: request.params.id, viewer: companyOf(request) }),
  );
  registerEndpoint(app, agreementsContract.companySigningCode, { config: companyWrite }, async (request) =>
    code(request, companyOf(request), request.params.id),
  );
  registerEndpoint(app, agreementsContract.countersign, { config: companyWrite }, async (request) => {
    const { message } = await sign(request, companyOf(request), request.params.id, request.body);
    return { message };
  });
  registerEndpoint(app, agreementsContract.remindAgreement, { config: companyWrite }, async (request) =>
    remindAgreement({ db, mailer, publicUrl, agreementId: request.params.id, ...companyActorOf(request) }),
  );
  registerEndpoint(app, agreementsContract.voidAgreement, { config: companyWrite }, async (request) =>
    voidAgreement({ db, agreementId: request.params.id, ...companyActorOf(request) }),
  );
  registerEndpoint(app, agreementsContract.resendAgreement, { config: companyWrite }, async (request, reply) =>
    reply
      .code(201)
      .send(
        await resendAgreement({ db, mailer, publicUrl, agreementId: request.params.id, ...companyActorOf(request) }),
      ),
  );
  registerEndpoint(app, agreementsContract.companyAgreementPdf, { config: companyRead }, async (request, reply) =>
    sendDownload(reply, await readAgreementPdf({ db, files, id: request.params.id, viewer: companyOf(request) })),
  );

  // The administrators'.
  registerEndpoint(app, agreementsContract.adminAgreements, { config: adminRead }, async (request) =>
    findAgreements({ db, viewer: { kind: 'admin' }, query: request.query }),
  );
  registerEndpoint(app, agreementsContract.adminAgreement, { config: adminRead }, async (request) =>
    loadAgreementDetail({ db, id: request.params.id, viewer: { kind: 'admin' } }),
  );
  registerEndpoint(app, agreementsContract.adminAgreementPdf, { config: adminRead }, async (request, reply) =>
    sendDownload(reply, await readAgreementPdf({ db, files, id: request.params.id, viewer: { kind: 'admin' } })),
  );
}
