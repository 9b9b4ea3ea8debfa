import type { FastifyInstance } from 'fastify';
import { settingsContract } from '~/shared/contracts/settings';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { getAccountCodes } from '../platform/get-account-codes';
import { getInvoiceSeller } from '../platform/get-invoice-seller';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { actorOf } from '../platform/route-schemas';
import { updateAccountCodes } from './update-account-codes';
import { updateInvoiceSeller } from './update-invoice-seller';
import { resetPlatformSettings, updatePlatformSettings } from './update-platform-settings';

// System Settings: read, change some or all, reset to the spec's defaults. Every change
// is audit-logged and reaches every instance at once (settings-cache.ts).
export async function settingsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, settings } = context;

  registerEndpoint(
    app,
    settingsContract.read,
    { config: { access: { permission: 'read:settings:any' } } },
    // Straight from the database: the screen shows what is stored, not a copy a few seconds old.
    async () => ({ settings: await getPlatformSettings({ db }) }),
  );

  registerEndpoint(
    app,
    settingsContract.update,
    { config: { access: { permission: 'update:settings:any' } } },
    async (request) => {
      const updated = await updatePlatformSettings({ db, changes: request.body, ...actorOf(request) });
      await settings.invalidate();
      return { settings: updated };
    },
  );

  registerEndpoint(
    app,
    settingsContract.reset,
    { config: { access: { permission: 'update:settings:any' } } },
    async (request) => {
      const restored = await resetPlatformSettings({ db, ...actorOf(request) });
      await settings.invalidate();
      return { settings: restored };
    },
  );

  registerEndpoint(
    app,
    settingsContract.invoiceSeller,
    { config: { access: { permission: 'read:settings:any' } } },
    async () => getInvoiceSeller({ db }),
  );

  registerEndpoint(
    app,
    settingsContract.updateInvoiceSeller,
    { config: { access: { permission: 'update:settings:any' } } },
    async (request) => updateInvoiceSeller({ db, seller: request.body, ...actorOf(request) }),
  );

  registerEndpoint(
    app,
    settingsContract.accountCodes,
    { config: { access: { permission: 'read:settings:any' } } },
    async () => ({ codes: await getAccountCodes({ db }) }),
  );

  registerEndpoint(
    app,
    settingsContract.updateAccountCodes,
    { config: { access: { permission: 'update:settings:any' } } },
    async (request) => ({ codes: await updateAccountCodes({ db, codes: request.body, ...actorOf(request) }) }),
  );
}
