import {
  MessageSquareIcon,
  MicIcon,
  MicOffIcon,
  MonitorUpIcon,
  MonitorXIcon,
  PhoneOffIcon,
  UsersIcon,
  VideoIcon,
  VideoOffIcon,
} from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { callApi } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { holdLiveConnection } from '~/client/lib/live-socket';
import { meetingsContract } from '~/shared/contracts/meetings';
import {
  closesAtOf,
  opensAtOf,
  ROOM_CHAT_MAX_LENGTH,
  ROOM_OPENS_MINUTES_BEFORE,
  type RoomMediaState,
  roomShutReason,
  roomTexts,
} from '~/shared/meeting-room';
import { meetingClockTime, meetingDayAndTime } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';
import { viewerZoneOf } from './meeting-format';
import { RoomCall, type RoomChatMessage, type RoomPeer, type RoomSnapshot } from './room-call';

// Tandem's own video room for a meeting without a call link: a preview with the camera and microphone
// to choose, then the call (docs/decisions/030). The room opens 15 minutes before the start and closes
// at the end; the server refuses anything else, and the page says when.

const CLOCK_TICK_MS = 10_000;

function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function VideoRoom({ meeting, roomToken }: { meeting: Meeting; roomToken: string }) {
  const now = useNow();
  const [call, setCall] = useState<RoomCall | null>(null);
  const [left, setLeft] = useState(false);
  const zone = viewerZoneOf(meeting) ?? 'UTC';
  const startsAt = new Date(meeting.starts_at);
  const closesAt = closesAtOf(startsAt, meeting.duration_minutes);
  const closesAtMs = closesAt.getTime();
  const shut = roomShutReason({ startsAt, durationMinutes: meeting.duration_minutes, status: meeting.status }, now);

  // The live socket carries the call's setup; this page may be open without the portal around it.
  useEffect(() => holdLiveConnection(), []);

  // The end of the meeting ends the call: the server would refuse everything from then on.
  useEffect(() => {
    if (!call) return;
    const timer = setTimeout(() => call.end(roomTexts.ended), Math.max(closesAtMs - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [call, closesAtMs]);

  if (call) {
    const onLeft = () => {
      setCall(null);
      setLeft(true);
    };
    return <InCall call={call} onLeft={onLeft} closesAt={closesAt} zone={zone} />;
  }
  return (
    <Preview
      meeting={meeting}
      roomToken={roomToken}
      zone={zone}
      shut={shut}
      hasLeft={left}
      onJoined={(joined) => {
        setLeft(false);
        setCall(joined);
      }}
    />
  );
}

// --- before joining ---

interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

// Nothing to send, to join and watch; none at all in a browser without WebRTC, which cannot join.
const emptyStream = () => (typeof MediaStream === 'undefined' ? null : new MediaStream());

async function openMedia(
  cameraId: string,
  microphoneId: string,
): Promise<{ stream: MediaStream | null; error: string | null }> {
  const audio: MediaTrackConstraints | boolean = microphoneId ? { deviceId: { exact: microphoneId } } : true;
  const video: MediaTrackConstraints | boolean = cameraId
    ? { deviceId: { exact: cameraId }, width: { ideal: 1280 }, height: { ideal: 720 } }
    : { width: { ideal: 1280 }, height: { ideal: 720 } };
  if (!navigator.mediaDevices?.getUserMedia) {
    return { stream: emptyStream(), error: 'This browser cannot use a camera or microphone here.' };
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), error: null };
  } catch {
    // One of the two may still work: a laptop whose camera another app holds, say.
    for (const only of [{ audio }, { video }]) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(only);
        return {
          stream,
          error: 'audio' in only ? 'Your camera could not be opened.' : 'Your microphone could not be opened.',
        };
      } catch {}
    }
    return {
      stream: emptyStream(),
      error:
        'Tandem could not use your camera or microphone. Allow them for this site in your browser, or join to watch and chat.',
    };
  }
}

function Preview({
  meeting,
  roomToken,
  zone,
  shut,
  hasLeft,
  onJoined,
}: {
  meeting: Meeting;
  roomToken: string;
  zone: string;
  shut: string | null;
  hasLeft: boolean;
  onJoined: (call: RoomCall) => void;
}) {
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [microphoneOn, setMicrophoneOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const handedOver = useRef(false);
  const cameraSelectId = useId();
  const microphoneSelectId = useId();

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    void openMedia(cameraId, microphoneId).then(async ({ stream: next, error }) => {
      if (cancelled) {
        for (const track of next?.getTracks() ?? []) track.stop();
        return;
      }
      opened = next;
      setStream(next);
      setMediaError(error);
      // Device names are readable only once the page may use them.
      const all = (await navigator.mediaDevices?.enumerateDevices().catch(() => [])) ?? [];
      if (!cancelled) {
        setDevices({
          cameras: all.filter((device) => device.kind === 'videoinput' && device.deviceId),
          microphones: all.filter((device) => device.kind === 'audioinput' && device.deviceId),
        });
      }
    });
    return () => {
      cancelled = true;
      if (!handedOver.current) for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [cameraId, microphoneId]);

  useEffect(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = microphoneOn;
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
  }, [stream, microphoneOn, cameraOn]);

  const opensAt = opensAtOf(new Date(meeting.starts_at));
  const closesAt = closesAtOf(new Date(meeting.starts_at), meeting.duration_minutes);

  async function join() {
    if (!stream) return;
    setJoining(true);
    setJoinError(null);
    try {
      const ice = await callApi(meetingsContract.roomIceServers, { params: { token: roomToken } });
      const relayOnly = new URLSearchParams(window.location.search).get('ice') === 'relay';
      // Camera off before joining: its light goes out, and it opens again when turned on.
      for (const track of stream.getVideoTracks()) {
        if (!cameraOn) {
          track.stop();
          stream.removeTrack(track);
        }
      }
      const call = new RoomCall({
        roomToken,
        meetingId: meeting.id,
        localStream: stream,
        rtcConfiguration: {
          iceServers: ice.ice_servers,
          iceTransportPolicy: relayOnly ? 'relay' : 'all',
        },
        reopenCamera: async () => {
          const reopened = await navigator.mediaDevices
            .getUserMedia({ video: cameraId ? { deviceId: { exact: cameraId } } : true })
            .catch(() => null);
          return reopened?.getVideoTracks()[0] ?? null;
        },
      });
      handedOver.current = true;
      call.start();
      onJoined(call);
    } catch (error) {
      setJoinError(error instanceof Error ? error.message : 'The call could not be joined. Try again.');
      setJoining(false);
    }
  }

  return (
    <section aria-labelledby="room-preview-heading" className="grid gap-4 rounded-md border border-border p-4">
      <h2 id="room-preview-heading" className="font-semibold">
        {hasLeft ? 'You left the call' : 'Ready to join?'}
      </h2>
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="relative aspect-video overflow-hidden rounded-md bg-neutral-900">
          {stream && cameraOn && stream.getVideoTracks().length > 0 ? (
            <StreamVideo stream={stream} muted label="Your camera preview" mirrored />
          ) : (
            <div className="flex h-full items-center justify-center text-sm text-neutral-200">Your camera is off</div>
          )}
        </div>
        <div className="grid content-start gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={cameraSelectId}>Camera</Label>
            <NativeSelect
              id={cameraSelectId}
              value={cameraId || (stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '')}
              onChange={(event) => setCameraId(event.target.value)}
              disabled={devices.cameras.length === 0}
            >
              {devices.cameras.length === 0 && <option value="">No camera found</option>}
              {devices.cameras.map((device, index) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label || `Camera ${index + 1}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={microphoneSelectId}>Microphone</Label>
            <NativeSelect
              id={microphoneSelectId}
              value={microphoneId || (stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '')}
              onChange={(event) => setMicrophoneId(event.target.value)}
              disabled={devices.microphones.length === 0}
            >
              {devices.microphones.length === 0 && <option value="">No microphone found</option>}
              {devices.microphones.map((device, index) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label || `Microphone ${index + 1}`}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              aria-pressed={!microphoneOn}
              onClick={() => setMicrophoneOn((on) => !on)}
              disabled={!stream?.getAudioTracks().length}
            >
              {microphoneOn ? <MicIcon aria-hidden="true" /> : <MicOffIcon aria-hidden="true" />}
              Join muted
            </Button>
            <Button
              variant="outline"
              aria-pressed={!cameraOn}
              onClick={() => setCameraOn((on) => !on)}
              disabled={!stream?.getVideoTracks().length}
            >
              {cameraOn ? <VideoIcon aria-hidden="true" /> : <VideoOffIcon aria-hidden="true" />}
              Camera off
            </Button>
          </div>
          {mediaError && <Alert>{mediaError}</Alert>}
          <p className="text-sm text-muted-foreground">
            {shut === roomTexts.notYetOpen
              ? `The room opens at ${meetingDayAndTime(opensAt, zone)} (${zone}), ${ROOM_OPENS_MINUTES_BEFORE} minutes before the meeting starts.`
              : shut
                ? shut
                : `The room is open until the meeting ends at ${meetingClockTime(closesAt, zone)} (${zone}).`}
          </p>
          {joinError && <Alert variant="destructive">{joinError}</Alert>}
          <Button className="justify-self-start" onClick={join} disabled={shut !== null || !stream || joining}>
            <VideoIcon aria-hidden="true" />
            {hasLeft ? 'Join Again' : 'Join the Call'}
          </Button>
        </div>
      </div>
    </section>
  );
}

// --- in the call ---

function StreamVideo({
  stream,
  muted = false,
  label,
  mirrored = false,
}: {
  stream: MediaStream;
  muted?: boolean;
  label: string;
  mirrored?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      className={cn('h-full w-full object-cover', mirrored && '-scale-x-100')}
    />
  );
}

function MediaBadges({ state }: { state: RoomMediaState }) {
  return (
    <span className="flex items-center gap-1">
      {!state.audio && (
        <>
          <MicOffIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">microphone off</span>
        </>
      )}
      {state.screen && (
        <>
          <MonitorUpIcon aria-hidden="true" className="size-4" />
          <span className="sr-only">sharing their screen</span>
        </>
      )}
    </span>
  );
}

function Tile({
  name,
  state,
  stream,
  isYou,
  connection,
}: {
  name: string;
  state: RoomMediaState;
  stream: MediaStream | null;
  isYou: boolean;
  connection?: RTCPeerConnectionState;
}) {
  const showsVideo = stream !== null && state.video && stream.getVideoTracks().length > 0;
  return (
    <li className="relative aspect-video overflow-hidden rounded-md bg-neutral-900">
      {stream && (
        <div className={cn('h-full w-full', !showsVideo && 'invisible')}>
          <StreamVideo
            stream={stream}
            muted={isYou}
            label={isYou ? 'Your video' : `Video of ${name}`}
            mirrored={isYou && !state.screen}
          />
        </div>
      )}
      {!showsVideo && (
        <div className="absolute inset-0 flex items-center justify-center">
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-neutral-700 text-xl font-semibold text-white"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
        </div>
      )}
      <div className="absolute bottom-2 left-2 flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded bg-black/70 px-2 py-1 text-xs text-white">
        <span className="truncate">{name}</span>
        <MediaBadges state={state} />
        {connection && connection !== 'connected' && <span>· connecting…</span>}
      </div>
    </li>
  );
}

function InCall({
  call,
  onLeft,
  closesAt,
  zone,
}: {
  call: RoomCall;
  onLeft: () => void;
  closesAt: Date;
  zone: string;
}) {
  const snapshot: RoomSnapshot = useSyncExternalStore(call.subscribe, call.getSnapshot);
  const localVideo = snapshot.localVideo;
  const localStream = useMemo(() => (localVideo ? new MediaStream([localVideo]) : null), [localVideo]);
  const [actionError, setActionError] = useState<string | null>(null);
  const leave = () => {
    call.leave();
    onLeft();
  };
  useEffect(() => () => call.leave(), [call]);

  const act = (action: () => Promise<void>, failure: string) => () =>
    void action().catch(() => setActionError(failure));

  if (snapshot.status === 'refused') {
    return (
      <Alert variant="destructive" className="flex-col gap-2">
        <p>{snapshot.refusal}</p>
      </Alert>
    );
  }
  const { state } = snapshot;
  const cameraOn = call.hasCamera();
  const people = snapshot.peers.length + 1;

  return (
    <section aria-labelledby="room-call-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="room-call-heading" className="font-semibold">
          {snapshot.status === 'joining' ? 'Joining the call…' : 'In the call'}
        </h2>
        <p className="text-sm text-muted-foreground">
          The room closes at {meetingClockTime(closesAt, zone)} ({zone}).
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-3">
          <ul aria-label="Videos" className={cn('grid gap-2', people > 1 && 'sm:grid-cols-2')}>
            <Tile name="You" state={state} stream={localStream} isYou />
            {snapshot.peers.map((peer) => (
              <Tile
                key={peer.peerId}
                name={peer.name}
                state={peer.state}
                stream={peer.stream}
                isYou={false}
                connection={peer.connection}
              />
            ))}
          </ul>
          <div role="toolbar" aria-label="Call controls" className="flex flex-wrap items-center justify-center gap-2">
            <Button
              variant={state.audio ? 'outline' : 'secondary'}
              onClick={act(() => call.setMicrophone(!state.audio), 'Your microphone could not be switched.')}
            >
              {state.audio ? <MicIcon aria-hidden="true" /> : <MicOffIcon aria-hidden="true" />}
              {state.audio ? 'Mute' : 'Unmute'}
            </Button>
            <Button
              variant={cameraOn ? 'outline' : 'secondary'}
              onClick={act(() => call.setCamera(!cameraOn), 'Your camera could not be switched.')}
            >
              {cameraOn ? <VideoIcon aria-hidden="true" /> : <VideoOffIcon aria-hidden="true" />}
              {cameraOn ? 'Turn Camera Off' : 'Turn Camera On'}
            </Button>
            <Button
              variant={state.screen ? 'secondary' : 'outline'}
              onClick={act(
                () => (state.screen ? call.stopSharing() : call.shareScreen()),
                'Your screen could not be shared.',
              )}
            >
              {state.screen ? <MonitorXIcon aria-hidden="true" /> : <MonitorUpIcon aria-hidden="true" />}
              {state.screen ? 'Stop Sharing' : 'Share Screen'}
            </Button>
            <Button variant="destructive" onClick={leave}>
              <PhoneOffIcon aria-hidden="true" />
              Leave
            </Button>
          </div>
          {actionError && <Alert variant="destructive">{actionError}</Alert>}
        </div>
        <div className="grid content-start gap-4">
          <People snapshot={snapshot} />
          <Chat messages={snapshot.chat} onSend={(text) => call.sendChat(text)} />
        </div>
      </div>
    </section>
  );
}

function People({ snapshot }: { snapshot: RoomSnapshot }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-border p-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <UsersIcon aria-hidden="true" className="size-4" />
        People ({snapshot.peers.length + 1})
      </h3>
      <ul className="grid gap-1 text-sm">
        <PersonRow name="You" state={snapshot.state} />
        {snapshot.peers.map((peer: RoomPeer) => (
          <PersonRow key={peer.peerId} name={peer.name} state={peer.state} />
        ))}
      </ul>
    </section>
  );
}

function PersonRow({ name, state }: { name: string; state: RoomMediaState }) {
  return (
    <li className="flex items-center justify-between gap-2">
      <span className="truncate">{name}</span>
      <span className="flex items-center gap-1 text-muted-foreground">
        {state.audio ? (
          <MicIcon aria-hidden="true" className="size-4" />
        ) : (
          <MicOffIcon aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{state.audio ? 'microphone on' : 'microphone off'}</span>
        {state.video ? (
          <VideoIcon aria-hidden="true" className="size-4" />
        ) : (
          <VideoOffIcon aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only">{state.video ? 'camera on' : 'camera off'}</span>
      </span>
    </li>
  );
}

function Chat({ messages, onSend }: { messages: RoomChatMessage[]; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const headingId = useId();
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  // Scrolls to the newest message when one comes.
  const newest = messages.at(-1);
  useEffect(() => {
    if (newest) logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [newest]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-border p-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquareIcon aria-hidden="true" className="size-4" />
        Chat
      </h3>
      <p className="text-xs text-muted-foreground">Seen by those in the call now; not kept after it.</p>
      <div ref={logRef} role="log" aria-label="Chat messages" className="max-h-64 min-h-16 overflow-y-auto text-sm">
        <ol className="grid gap-2">
          {messages.map((message) => (
            <li key={message.id}>
              <span className="font-medium">{message.isYou ? 'You' : message.name}:</span>{' '}
              <span className="break-words">{message.text}</span>
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="flex gap-2">
        <Label htmlFor={inputId} className="sr-only">
          Message
        </Label>
        <Input
          id={inputId}
          value={text}
          maxLength={ROOM_CHAT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Message everyone"
          autoComplete="off"
        />
        <Button type="submit" variant="outline">
          Send
        </Button>
      </form>
    </section>
  );
}
