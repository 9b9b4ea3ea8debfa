import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WrenchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Button } from '~/client/components/ui/button';
import { isMaintenanceError, onMaintenance } from '~/client/lib/query-client';
import { systemSettingsQueryOptions } from '~/client/system-settings/api';
import { maintenanceTexts } from '~/shared/maintenance-texts';
import { paths } from '~/shared/routes';

// Maintenance mode (System Settings; server/settings/maintenance-mode.ts) seen from the portal. Everyone
// but administrators gets a 503 'maintenance' for every call: their open tab shows the maintenance screen
// from the first such answer, with the words of the server's maintenance page. Administrators, whose
// site still works, see a banner saying it is down for everyone else.

// Whether the server has answered this tab 'maintenance' (now, or before the portal mounted).
export function useIsInMaintenance(): boolean {
  const queryClient = useQueryClient();
  const [isInMaintenance, setIsInMaintenance] = useState(() =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => isMaintenanceError(query.state.error)),
  );
  useEffect(() => onMaintenance(() => setIsInMaintenance(true)), []);
  return isInMaintenance;
}

export function MaintenanceScreen() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <PageMeta title={maintenanceTexts.title} />
      <WrenchIcon className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{maintenanceTexts.title}</h1>
      <p className="text-muted-foreground">{maintenanceTexts.body}</p>
      {/* A page load asks the server again: the portal when it is back, else its maintenance page. */}
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </main>
  );
}

// Across the administrators' portal while maintenance mode is on.
export function MaintenanceBanner() {
  const settings = useQuery(systemSettingsQueryOptions());
  if (!settings.data?.maintenance_mode) return null;
  return (
    <section
      aria-label="Maintenance mode"
      className="flex items-start gap-3 border-b border-amber-600/40 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:items-center sm:px-6"
    >
      <WrenchIcon className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Maintenance mode is on:</strong> Tandem is down for everyone but
        administrators.
      </p>
      <Link
        to={paths.adminSettings.getHref()}
        className="shrink-0 font-medium underline underline-offset-4 hover:text-amber-800"
      >
        System Settings
      </Link>
    </section>
  );
}
