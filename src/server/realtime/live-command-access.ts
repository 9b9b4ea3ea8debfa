import { meetingsContract } from '~/shared/contracts/meetings';
import { messagingContract } from '~/shared/contracts/messaging';
import type { LiveCommand } from '~/shared/live-events';
import type { Permission } from '~/shared/permissions';

// Who may send each command over the live socket: the permission of its HTTP twin, the route that does the
// same over HTTP, so a role refused there is refused here (live-command-policies.test.ts checks both, role
// by role). The live hub checks it before any feature sees the command.
export const liveCommandAccess = {
  // Saying "typing…" is writing in the conversation.
  typing: { permission: 'update:conversation:member', twin: messagingContract.send },
  // Online dots are read beside the conversations.
  watch_presence: { permission: 'read:conversation:member', twin: messagingContract.list },
  // A video call is the meeting's room.
  'room.join': { permission: 'read:meeting:own', twin: meetingsContract.room },
  'room.leave': { permission: 'read:meeting:own', twin: meetingsContract.room },
  'room.signal': { permission: 'read:meeting:own', twin: meetingsContract.room },
  'room.state': { permission: 'read:meeting:own', twin: meetingsContract.room },
  'room.chat': { permission: 'read:meeting:own', twin: meetingsContract.room },
} as const satisfies Record<LiveCommand['type'], { permission: Permission; twin: { method: string; path: string } }>;

export const liveCommandPermissions = Object.fromEntries(
  Object.entries(liveCommandAccess).map(([type, { permission }]) => [type, permission]),
) as Record<LiveCommand['type'], Permission>;
