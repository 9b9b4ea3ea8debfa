import type { FastifyInstance } from 'fastify';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { sendDownload, sendGeneratedFile } from '../platform/file-transfer';
import { getInvoiceSeller } from '../platform/get-invoice-seller';
import { createLimiter } from '../platform/rate-limits';
import { actorOf } from '../platform/route-schemas';
import { changeTaxDataReader } from './change-tax-data-reader';
import { downloadApplicantTaxForm } from './download-applicant-tax-form';
import { findApplicantTaxForm } from './find-applicant-tax-form';
import { findNecRecipients } from './find-nec-recipients';
import { findOwnNecForms } from './find-own-nec-forms';
import { findOwnTaxForm } from './find-own-tax-form';
import { findTaxDataReaders } from './find-tax-data-readers';
import { findTaxFormQueue } from './find-tax-form-queue';
import { issueNecForms } from './issue-nec-forms';
import { readNecFormPdf } from './read-nec-form-pdf';
import { readOwnTaxFormPdf } from './read-own-tax-form-pdf';
import { renderNecFilingFile } from './render-nec-filing-file';
import { revealTaxIds } from './reveal-tax-ids';
import { submitTaxForm } from './submit-tax-form';

// Tax forms from talent (issue 56): the endpoints of shared/contracts/tax-forms.ts.
export async function taxFormRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, files, taxIds } = context;
  const required = async () => (await context.settings.get()).payouts_require_tax_form;

  // Each submission fills and stores a PDF: a dozen an hour is more than any talent corrects a form.
  const submitLimit = createLimiter(app, {
    name: 'tax-form-submit:account',
    max: 12,
    windowMinutes: 60,
    key: (request) => actorOf(request).actorId,
    message: 'Too many tax forms submitted',
  });

  registerEndpoint(
    app,
    taxFormsContract.own,
    { config: { access: { permission: 'read:tax_form:own' } } },
    async (request) =>
      findOwnTaxForm({ db, applicantId: actorOf(request).actorId, requiredForPayouts: await required() }),
  );
  registerEndpoint(
    app,
    taxFormsContract.submit,
    { config: { access: { permission: 'update:tax_form:own' }, sessionOnly: true } },
    async (request, reply) => {
      await submitLimit.hit(request);
      const { actorId, ipAddress } = actorOf(request);
      const seller = await getInvoiceSeller({ db });
      const { form, replaced } = await submitTaxForm({
        db,
        files,
        cipher: taxIds,
        applicantId: actorId,
        form: request.body,
        requester: seller.legal_name,
        ipAddress,
      });
      return reply.code(201).send({ form, standing: form.standing, required_for_payouts: await required(), replaced });
    },
  );
  registerEndpoint(
    app,
    taxFormsContract.ownPdf,
    { config: { access: { permission: 'read:tax_form:own' } } },
    async (request, reply) =>
      sendDownload(reply, await readOwnTaxFormPdf({ db, files, applicantId: actorOf(request).actorId })),
  );

  const readAny = { access: { permission: 'read:tax_form:any' } } as const;
  registerEndpoint(app, taxFormsContract.applicant, { config: readAny }, async (request) =>
    findApplicantTaxForm({
      db,
      applicantId: request.params.id,
      adminId: actorOf(request).actorId,
      requiredForPayouts: await required(),
    }),
  );
  registerEndpoint(app, taxFormsContract.reveal, { config: readAny }, async (request) =>
    revealTaxIds({ db, cipher: taxIds, applicantId: request.params.id, ...actorOf(request) }),
  );
  registerEndpoint(app, taxFormsContract.applicantPdf, { config: readAny }, async (request, reply) =>
    sendDownload(
      reply,
      await downloadApplicantTaxForm({ db, files, applicantId: request.params.id, ...actorOf(request) }),
    ),
  );
  // Who a payout run would stop on, or soon: read with the payouts it holds up.
  registerEndpoint(
    app,
    taxFormsContract.queue,
    { config: { access: { permission: 'read:payout:any' } } },
    async (request) => findTaxFormQueue({ db, query: request.query }),
  );

  // Year-end (decision 055): the talent's own Forms 1099-NEC; the administrators' list, issuing and filing file.
  registerEndpoint(
    app,
    taxFormsContract.ownNecForms,
    { config: { access: { permission: 'read:tax_form:own' } } },
    async (request) => findOwnNecForms({ db, applicantId: actorOf(request).actorId }),
  );
  registerEndpoint(
    app,
    taxFormsContract.ownNecFormPdf,
    { config: { access: { permission: 'read:tax_form:own' } } },
    async (request, reply) =>
      sendDownload(
        reply,
        await readNecFormPdf({ db, files, formId: request.params.id, applicantId: actorOf(request).actorId }),
      ),
  );
  const readPayouts = { access: { permission: 'read:payout:any' } } as const;
  registerEndpoint(app, taxFormsContract.necRecipients, { config: readPayouts }, async (request) =>
    findNecRecipients({
      db,
      query: request.query,
      payer: await getInvoiceSeller({ db }),
      viewerId: actorOf(request).actorId,
    }),
  );
  registerEndpoint(
    app,
    taxFormsContract.issueNecForms,
    { config: { access: { permission: 'update:payout:any' } } },
    async (request) =>
      issueNecForms({
        db,
        files,
        mailer: context.mailer,
        publicUrl: context.config.publicUrl,
        payer: await getInvoiceSeller({ db }),
        year: request.body.year,
        ...actorOf(request),
      }),
  );
  registerEndpoint(app, taxFormsContract.necFormPdf, { config: readPayouts }, async (request, reply) =>
    sendDownload(reply, await readNecFormPdf({ db, files, formId: request.params.id, applicantId: null })),
  );
  registerEndpoint(app, taxFormsContract.necFilingFile, { config: readPayouts }, async (request, reply) => {
    const { fileName, csv } = await renderNecFilingFile({
      db,
      cipher: taxIds,
      year: request.query.year,
      ...actorOf(request),
    });
    return sendGeneratedFile(
      reply,
      { filename: fileName, contentType: 'text/csv; charset=utf-8', content: Buffer.from(csv) },
      { cacheControl: 'private, no-store' },
    );
  });
  registerEndpoint(
    app,
    taxFormsContract.readers,
    { config: { access: { permission: 'update:admin_grant:any' } } },
    async (request) => findTaxDataReaders({ db, viewerId: actorOf(request).actorId }),
  );
  registerEndpoint(
    app,
    taxFormsContract.changeReader,
    { config: { access: { permission: 'update:admin_grant:any' } } },
    async (request) =>
      changeTaxDataReader({ db, adminId: request.params.id, granted: request.body.granted, ...actorOf(request) }),
  );
}
