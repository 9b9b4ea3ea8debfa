import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { platformSettingsResponseSchema, platformSettingsUpdateSchema } from '~/shared/settings';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses } from '../platform/route-schemas';
import { getPlatformSettings } from './get-platform-settings';
import { resetPlatformSettings, updatePlatformSettings } from './update-platform-settings';

const tags = ['admin', 'settings'];

// System Settings (issue 16 §7): read, change some or all, reset to the spec's defaults. Every change
// is audit-logged and reaches every instance at once (settings-cache.ts).
export async function settingsRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, settings } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/settings',
    {
      config: { access: { permission: 'read:settings:any' } },
      schema: {
        tags,
        summary: 'The system settings in force',
        response: { 200: platformSettingsResponseSchema, ...errorResponses },
      },
    },
    // Straight from the database: the screen shows what is stored, not a copy a few seconds old.
    async () => ({ settings: await getPlatformSettings({ db }) }),
  );

  routes.put(
    '/api/admin/settings',
    {
      config: { access: { permission: 'update:settings:any' } },
      schema: {
        tags,
        summary: 'Change some or all system settings; the changed ones are audit-logged with before and after',
        body: platformSettingsUpdateSchema,
        response: { 200: platformSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const updated = await updatePlatformSettings({ db, changes: request.body, ...actorOf(request) });
      await settings.invalidate();
      return { settings: updated };
    },
  );

  routes.post(
    '/api/admin/settings/reset',
    {
      config: { access: { permission: 'update:settings:any' } },
      schema: {
        tags,
        summary: "Restore every system setting to the spec's defaults",
        response: { 200: platformSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const restored = await resetPlatformSettings({ db, ...actorOf(request) });
      await settings.invalidate();
      return { settings: restored };
    },
  );
}
