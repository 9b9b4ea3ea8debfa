import { and, eq, gt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import type { JobQueue } from '../platform/job-queue';

// The channel migration 0086's trigger notifies with each new delivery's id.
const DELIVERY_CHANNEL = 'webhook_delivery_created';
// Deliveries this old that never had a first attempt are still sent, late, after an outage.
const CATCH_UP_WINDOW_MS = 24 * 60 * 60_000;
const CATCH_UP_LIMIT = 5000;

// Webhook events are recorded inside other features' transactions (kernels/integrations/emit-webhook-event.ts),
// so nothing may be sent before they commit. As for notifications (notifications/announce-notifications.ts), the
// database does the waiting: the trigger's NOTIFY reaches every instance at commit, and each queues the first
// attempt's job keyed by the delivery, so the instances' sends collapse into one job. NOTIFYs sent while the
// listening connection was down are lost: on (re)connecting, deliveries still waiting for a first attempt are queued.
export async function startWebhookAnnouncements({
  database,
  jobs,
  logger,
}: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  jobs: Pick<JobQueue, 'send'>;
  logger: Pick<Logger, 'error'>;
}): Promise<() => Promise<void>> {
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.catch((error) => logger.error({ err: error }, 'queueing webhook deliveries failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };
  const queue = (deliveryId: string) =>
    jobs.send('deliver-webhook', { deliveryId }, { singletonKey: `${deliveryId}:0` });

  const stopListening = await database.listen(
    DELIVERY_CHANNEL,
    (deliveryId) => {
      if (deliveryId) track(queue(deliveryId));
    },
    () =>
      track(
        (async () => {
          const waiting = await database.db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.status, 'pending'),
                eq(webhookDeliveries.attempts, 0),
                gt(webhookDeliveries.createdAt, new Date(Date.now() - CATCH_UP_WINDOW_MS)),
              ),
            )
            .limit(CATCH_UP_LIMIT);
          for (const delivery of waiting) await queue(delivery.id);
        })(),
      ),
  );
  return async () => {
    await stopListening();
    await Promise.allSettled([...running]);
  };
}
