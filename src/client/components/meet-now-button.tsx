import { VideoIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useScheduleMeeting } from '~/client/lib/meeting-queries';

// A call now, not at a time to agree (an application's drawer, a conversation about an application): an intro
// that starts on the next minute (the server takes only a start to come, and the room opens before it), the
// applicant asked to join at once, the organizer taken into the room.
export function MeetNowButton({ applicationId, name }: { applicationId: string; name: string }) {
  const schedule = useScheduleMeeting();
  const navigate = useNavigate();
  async function meetNow() {
    const startsAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    try {
      const meeting = await schedule.mutateAsync({
        application_id: applicationId,
        type: 'intro',
        starts_at: startsAt.toISOString(),
        duration_minutes: 30,
        title: `Call with ${name}`,
      });
      navigate(meeting.join_url);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The call was not started',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    }
  }
  return (
    <Button size="sm" variant="outline" disabled={schedule.isPending} onClick={meetNow}>
      <VideoIcon aria-hidden="true" />
      {schedule.isPending ? 'Starting...' : 'Meet Now'}
    </Button>
  );
}
