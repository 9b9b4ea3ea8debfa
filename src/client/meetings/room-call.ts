import { getLiveStatus, sendLive, subscribeLive } from '~/client/lib/live-socket';
import type { LiveEvent } from '~/shared/live-events';
import type { RoomMediaState } from '~/shared/meeting-room';

// One browser's side of a call in Tandem's room: an RTCPeerConnection to each other tab in the room (a
// mesh, fine up to four people), set up over the live socket. Perfect negotiation (MDN): either side may
// offer at any moment, and the polite one of a pair gives way when both do. Mute, camera off and screen
// sharing swap the sent track (replaceTrack), so none of them renegotiates; a muted microphone sends
// nothing at all.

export interface RoomPeer {
  peerId: string;
  userId: string;
  name: string;
  state: RoomMediaState;
  stream: MediaStream;
  connection: RTCPeerConnectionState;
}

export interface RoomChatMessage {
  id: string;
  peerId: string;
  name: string;
  text: string;
  sentAt: string;
  isYou: boolean;
}

export interface RoomSnapshot {
  status: 'joining' | 'in_call' | 'refused' | 'left';
  refusal: string | null;
  peers: RoomPeer[];
  state: RoomMediaState;
  // What we send as video (the screen while shared, else the camera), for our own tile.
  localVideo: MediaStreamTrack | null;
  chat: RoomChatMessage[];
}

interface PeerLink extends RoomPeer {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  // Candidates that came before the description they belong to.
  earlyCandidates: RTCIceCandidateInit[];
  // Ours, gathered for a moment and sent in one command: a tab's commands are rate-limited.
  outbox: RTCIceCandidateInit[];
  flushTimer: ReturnType<typeof setTimeout> | undefined;
}

type RoomEventOf<T extends LiveEvent['type']> = Extract<LiveEvent, { type: T }>;

const CANDIDATE_BATCH_MS = 150;

const randomPeerId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
};

export class RoomCall {
  readonly peerId = randomPeerId();
  private readonly links = new Map<string, PeerLink>();
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribers: Array<() => void> = [];
  private snapshot: RoomSnapshot;
  private chat: RoomChatMessage[] = [];
  private status: RoomSnapshot['status'] = 'joining';
  private refusal: string | null = null;
  private audioTrack: MediaStreamTrack | null;
  private cameraTrack: MediaStreamTrack | null;
  private screenTrack: MediaStreamTrack | null = null;
  private audioOn: boolean;
  private hasJoined = false;

  constructor(
    private readonly options: {
      roomToken: string;
      meetingId: string;
      localStream: MediaStream;
      rtcConfiguration: RTCConfiguration;
      // The camera again, after it was turned off (its track stopped, so its light goes out).
      reopenCamera: () => Promise<MediaStreamTrack | null>;
    },
  ) {
    const live = (tracks: MediaStreamTrack[]) => tracks.find((track) => track.readyState === 'live') ?? null;
    this.audioTrack = live(options.localStream.getAudioTracks());
    this.cameraTrack = live(options.localStream.getVideoTracks());
    this.audioOn = Boolean(this.audioTrack?.enabled);
    this.snapshot = this.makeSnapshot();
  }

  // --- what the page reads (useSyncExternalStore) ---

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  private changed() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): RoomSnapshot {
    return {
      status: this.status,
      refusal: this.refusal,
      peers: [...this.links.values()].map(({ peerId, userId, name, state, stream, connection }) => ({
        peerId,
        userId,
        name,
        state,
        stream,
        connection,
      })),
      state: this.mediaState(),
      localVideo: this.sentVideoTrack(),
      chat: this.chat,
    };
  }

  mediaState(): RoomMediaState {
    return {
      audio: this.audioOn && this.audioTrack !== null,
      video: this.cameraTrack !== null || this.screenTrack !== null,
      screen: this.screenTrack !== null,
    };
  }

  // What others see from us: the screen while it is shared, else the camera.
  private sentVideoTrack() {
    return this.screenTrack ?? this.cameraTrack;
  }

  private sentAudioTrack() {
    return this.audioOn ? this.audioTrack : null;
  }

  // --- joining and leaving ---

  start() {
    const on = <T extends LiveEvent['type']>(type: T, handler: (event: RoomEventOf<T>) => void) =>
      this.unsubscribers.push(subscribeLive(type, handler));
    on('ready', () => this.join());
    on('room.joined', (event) => this.onJoined(event));
    on('room.left', (event) => {
      if (event.meeting_id === this.options.meetingId) this.dropPeer(event.peer_id);
    });
    on('room.signal', (event) => {
      if (this.isForMe(event) && event.to_peer_id === this.peerId) void this.onSignal(event);
    });
    on('room.state', (event) => this.onState(event));
    on('room.chat', (event) => this.onChat(event));
    on('room.refused', (event) => {
      if (event.peer_id !== this.peerId) return;
      this.status = 'refused';
      this.refusal = event.message;
      this.closeLinks();
      this.changed();
    });
    if (getLiveStatus() === 'open') this.join();
  }

  // On a new socket too (a reconnect, perhaps to another instance): the server told the others we left
  // when the old one closed, so every connection starts again.
  private join() {
    if (this.status === 'left' || this.status === 'refused') return;
    if (this.hasJoined) this.closeLinks();
    this.hasJoined = true;
    this.send({ type: 'room.join', state: this.mediaState() });
  }

  leave() {
    if (this.status === 'left') return;
    if (this.status !== 'refused') this.send({ type: 'room.leave' });
    this.status = 'left';
    this.closeLinks();
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    for (const track of [this.audioTrack, this.cameraTrack, this.screenTrack]) track?.stop();
    this.changed();
  }

  // The room closed under us (the meeting's end): the page says why.
  end(message: string) {
    this.leave();
    this.status = 'refused';
    this.refusal = message;
    this.changed();
  }

  private send(command: Record<string, unknown> & { type: `room.${string}` }) {
    sendLive({ ...command, room_token: this.options.roomToken, peer_id: this.peerId } as never);
  }

  private isForMe(event: { meeting_id: string; peer_id: string }) {
    return event.meeting_id === this.options.meetingId && event.peer_id !== this.peerId && this.isActive();
  }

  private isActive() {
    return this.status === 'joining' || this.status === 'in_call';
  }

  // --- the others ---

  private onJoined(event: RoomEventOf<'room.joined'>) {
    if (event.meeting_id !== this.options.meetingId) return;
    if (event.peer_id === this.peerId) {
      if (this.status === 'joining') {
        this.status = 'in_call';
        this.changed();
      }
      return;
    }
    if (!this.isActive()) return;
    // Someone new (or back after a reconnect): we call them, and tell them how we are.
    this.dropPeer(event.peer_id);
    const link = this.createLink(event, event.state);
    for (const kind of ['audio', 'video'] as const) {
      link.pc.addTransceiver(
        kind === 'audio' ? (this.sentAudioTrack() ?? 'audio') : (this.sentVideoTrack() ?? 'video'),
        {
          direction: 'sendrecv',
        },
      );
    }
    this.send({ type: 'room.state', state: this.mediaState(), to_peer_id: event.peer_id, to_user_id: event.user_id });
  }

  private onState(event: RoomEventOf<'room.state'>) {
    if (!this.isForMe(event)) return;
    if (event.to_peer_id && event.to_peer_id !== this.peerId) return;
    const link = this.links.get(event.peer_id);
    if (link) link.state = event.state;
    else this.createLink(event, event.state);
    this.changed();
  }

  private onChat(event: RoomEventOf<'room.chat'>) {
    if (event.meeting_id !== this.options.meetingId || !this.isActive()) return;
    this.chat = [
      ...this.chat,
      {
        id: `${event.peer_id}:${event.sent_at}:${this.chat.length}`,
        peerId: event.peer_id,
        name: event.name,
        text: event.text,
        sentAt: event.sent_at,
        isYou: event.peer_id === this.peerId,
      },
    ];
    this.changed();
  }

  private createLink(from: { peer_id: string; user_id: string; name: string }, state: RoomMediaState): PeerLink {
    const pc = new RTCPeerConnection(this.options.rtcConfiguration);
    const link: PeerLink = {
      peerId: from.peer_id,
      userId: from.user_id,
      name: from.name,
      state,
      stream: new MediaStream(),
      connection: pc.connectionState,
      pc,
      // A fixed order between the pair: one of them, and only one, gives way.
      polite: this.peerId < from.peer_id,
      makingOffer: false,
      ignoreOffer: false,
      earlyCandidates: [],
      outbox: [],
      flushTimer: undefined,
    };
    this.links.set(from.peer_id, link);
    const signal = (body: Record<string, unknown>) =>
      this.send({ type: 'room.signal', to_peer_id: link.peerId, to_user_id: link.userId, ...body });

    pc.onnegotiationneeded = async () => {
      try {
        link.makingOffer = true;
        await pc.setLocalDescription();
        signal({ description: pc.localDescription?.toJSON() });
      } catch (error) {
        console.warn('room: offer failed', error);
      } finally {
        link.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) link.outbox.push(candidate.toJSON());
      clearTimeout(link.flushTimer);
      const flush = () => {
        if (link.outbox.length === 0) return;
        signal({ candidates: link.outbox.splice(0) });
      };
      // The end of gathering sends what is left at once.
      if (!candidate) flush();
      else link.flushTimer = setTimeout(flush, CANDIDATE_BATCH_MS);
    };
    pc.ontrack = ({ track }) => {
      for (const old of link.stream.getTracks()) if (old.kind === track.kind) link.stream.removeTrack(old);
      link.stream.addTrack(track);
      // A new stream object, so the tile sets it again.
      link.stream = new MediaStream(link.stream.getTracks());
      this.changed();
    };
    pc.onconnectionstatechange = () => {
      link.connection = pc.connectionState;
      // Gone without a word (their instance died): no "left" will come.
      if (pc.connectionState === 'failed') this.dropPeer(link.peerId);
      else this.changed();
    };
    this.changed();
    return link;
  }

  private async onSignal(event: RoomEventOf<'room.signal'>) {
    const link = this.links.get(event.peer_id) ?? this.createLink(event, { audio: true, video: true, screen: false });
    const { pc } = link;
    try {
      const { description } = event;
      if (description) {
        const offerCollision = description.type === 'offer' && (link.makingOffer || pc.signalingState !== 'stable');
        link.ignoreOffer = !link.polite && offerCollision;
        if (link.ignoreOffer) return;
        await pc.setRemoteDescription(description as RTCSessionDescriptionInit);
        if (description.type === 'offer') {
          this.attachLocalTracks(pc);
          await pc.setLocalDescription();
          this.send({
            type: 'room.signal',
            to_peer_id: link.peerId,
            to_user_id: link.userId,
            description: pc.localDescription?.toJSON(),
          });
        }
        for (const candidate of link.earlyCandidates.splice(0)) await pc.addIceCandidate(candidate);
      }
      for (const candidate of event.candidates ?? []) {
        if (!pc.remoteDescription) link.earlyCandidates.push(candidate);
        else
          await pc.addIceCandidate(candidate).catch((error) => {
            if (!link.ignoreOffer) throw error;
          });
      }
    } catch (error) {
      console.warn('room: signal failed', error);
    }
  }

  // The one who answers uses the transceivers the offer made, sending on them too.
  private attachLocalTracks(pc: RTCPeerConnection) {
    for (const transceiver of pc.getTransceivers()) {
      const kind = transceiver.receiver.track.kind;
      if (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive')
        transceiver.direction = 'sendrecv';
      if (transceiver.sender.track === null) {
        void transceiver.sender.replaceTrack(kind === 'audio' ? this.sentAudioTrack() : this.sentVideoTrack());
      }
    }
  }

  private dropPeer(peerId: string) {
    const link = this.links.get(peerId);
    if (!link) return;
    clearTimeout(link.flushTimer);
    link.pc.close();
    this.links.delete(peerId);
    this.changed();
  }

  private closeLinks() {
    for (const peerId of [...this.links.keys()]) this.dropPeer(peerId);
  }

  // --- our own microphone, camera and screen ---

  private async replaceSent(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    await Promise.all(
      [...this.links.values()].flatMap((link) =>
        link.pc
          .getTransceivers()
          .filter(
            (transceiver) => transceiver.receiver.track.kind === kind && transceiver.currentDirection !== 'stopped',
          )
          .map((transceiver) => transceiver.sender.replaceTrack(track)),
      ),
    );
  }

  private announceState() {
    this.send({ type: 'room.state', state: this.mediaState() });
    this.changed();
  }

  async setMicrophone(on: boolean) {
    if (!this.audioTrack) return;
    this.audioOn = on;
    this.audioTrack.enabled = on;
    await this.replaceSent('audio', this.sentAudioTrack());
    this.announceState();
  }

  async setCamera(on: boolean) {
    if (on && !this.cameraTrack) {
      this.cameraTrack = await this.options.reopenCamera();
    } else if (!on && this.cameraTrack) {
      this.cameraTrack.stop();
      this.cameraTrack = null;
    }
    if (!this.screenTrack) await this.replaceSent('video', this.cameraTrack);
    this.announceState();
  }

  async shareScreen() {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = display.getVideoTracks()[0];
    if (!track) return;
    this.screenTrack = track;
    // The browser's own "Stop sharing" ends it too.
    track.addEventListener('ended', () => void this.stopSharing());
    await this.replaceSent('video', track);
    this.announceState();
  }

  async stopSharing() {
    if (!this.screenTrack) return;
    this.screenTrack.stop();
    this.screenTrack = null;
    await this.replaceSent('video', this.cameraTrack);
    this.announceState();
  }

  hasCamera() {
    return this.cameraTrack !== null;
  }

  sendChat(text: string) {
    this.send({ type: 'room.chat', text });
  }
}
