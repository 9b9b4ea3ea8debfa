import { CalendarClockIcon, CheckIcon, DownloadIcon, VideoIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { meetingTexts } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { downloadMeetingIcs, useRespondToMeeting } from './api';
import { CancelMeetingDialog, RescheduleDialog } from './meeting-dialogs';
import { canChange, canRespond, joinHrefOf } from './meeting-format';

// What the viewer can do with a meeting where it stands: answer an invitation, join, move or cancel it,
// and take it to their own calendar.
export function MeetingActions({ meeting }: { meeting: Meeting }) {
  const respond = useRespondToMeeting();
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const answerable = canRespond(meeting);
  const changeable = canChange(meeting);

  async function answer(response: 'accepted' | 'declined') {
    try {
      await respond.mutateAsync({ id: meeting.id, response });
      toast({
        title: response === 'accepted' ? meetingTexts.accepted : meetingTexts.declined,
        description: meeting.title,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Your answer was not sent',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    }
  }

  async function download() {
    setIsDownloading(true);
    try {
      await downloadMeetingIcs(meeting);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The calendar file was not downloaded',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {answerable && meeting.my_response !== 'accepted' && (
        <Button size="sm" disabled={respond.isPending} onClick={() => answer('accepted')}>
          <CheckIcon aria-hidden="true" />
          Accept
        </Button>
      )}
      {answerable && meeting.my_response !== 'declined' && (
        <Button size="sm" variant="outline" disabled={respond.isPending} onClick={() => answer('declined')}>
          <XIcon aria-hidden="true" />
          Decline
        </Button>
      )}
      {changeable && (
        <Button asChild size="sm" variant={answerable && meeting.my_response === 'pending' ? 'outline' : 'default'}>
          <a href={joinHrefOf(meeting)} target="_blank" rel="noopener noreferrer">
            <VideoIcon aria-hidden="true" />
            Join Meeting
          </a>
        </Button>
      )}
      {changeable && (
        <Button size="sm" variant="outline" onClick={() => setDialog('reschedule')}>
          <CalendarClockIcon aria-hidden="true" />
          Reschedule
        </Button>
      )}
      {changeable && (
        <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')}>
          Cancel Meeting
        </Button>
      )}
      <Button size="sm" variant="ghost" disabled={isDownloading} onClick={download}>
        <DownloadIcon aria-hidden="true" />
        Download .ics
      </Button>
      <RescheduleDialog
        meeting={meeting}
        open={dialog === 'reschedule'}
        onOpenChange={(open) => setDialog(open ? 'reschedule' : null)}
      />
      <CancelMeetingDialog
        meeting={meeting}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
      />
    </div>
  );
}
