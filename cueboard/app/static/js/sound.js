// The optional sound of the table, off by default: the cue's strike, ball on ball, the cushion,
// the pocket — and on the boards the flick, disc on disc, the peg, the rail, the 20-hole and the
// ditch. Every sound is synthesised here with WebAudio (decaying partials and a burst of noise:
// no sound files, nothing the page's CSP must allow), one buffer per voice made at first use,
// played as the animation passes each contact of the shot (the server's `tracks.sounds`: the
// event's kind and the contact speed, cueboard/app/motion.py), louder the faster the contact.
// With the setting off no AudioContext is ever created.

const KEY = "cueboard.sound";
// The loudness grows as (speed / the game's full-volume speed) ^ 0.7.
// Contacts slower than this (m/s) are not heard (pieces settling against each other).
export const QUIET_BELOW = 0.01;
// At most this many sounds start in one animation frame (a frame that jumps over many contacts
// — reduced motion, a fast replay — plays its loudest).
const AT_ONCE = 8;

// Voices: [frequency Hz, amplitude, decay time s] partials plus a noise burst [amplitude, decay s].
const VOICES = {
  cue: { partials: [[1400, 0.5, 0.012], [2600, 0.3, 0.008]], noise: [0.5, 0.004] },
  ball: { partials: [[3300, 0.6, 0.010], [5200, 0.35, 0.006]], noise: [0.35, 0.002] },
  cushion: { partials: [[140, 0.8, 0.045], [310, 0.3, 0.025]], noise: [0.25, 0.012] },
  pocket: { partials: [[95, 0.8, 0.14], [210, 0.4, 0.08], [620, 0.15, 0.05]], noise: [0.2, 0.03] },
  flick: { partials: [[900, 0.4, 0.010]], noise: [0.6, 0.006] },
  disc: { partials: [[1650, 0.6, 0.014], [2450, 0.35, 0.010]], noise: [0.3, 0.003] },
  peg: { partials: [[420, 0.7, 0.028], [980, 0.25, 0.012]], noise: [0.15, 0.004] },
  rail: { partials: [[240, 0.8, 0.035], [560, 0.3, 0.018]], noise: [0.2, 0.008] },
  hole: { partials: [[180, 0.8, 0.09], [470, 0.3, 0.05]], noise: [0.15, 0.02] },
  ditch: { partials: [[120, 0.7, 0.07]], noise: [0.4, 0.03] },
};

// Every sound played (a hook for the tests and for anyone curious): {voice, kind, t, gain}.
export const played = [];
window.cueboardSound = { played };

let ctx = null, out = null;
const buffers = {};

export function soundOn() { return localStorage.getItem(KEY) === "1"; }

// Turned on from the settings (a user's gesture: the moment a browser lets audio start).
export function setSound(on) {
  localStorage.setItem(KEY, on ? "1" : "0");
  if (on) audio()?.resume?.();
}

function audio() {
  if (ctx) return ctx;
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  ctx = new AC();
  out = ctx.createDynamicsCompressor();  // many contacts at once never clip
  out.connect(ctx.destination);
  return ctx;
}

function buffer(name) {
  if (buffers[name]) return buffers[name];
  const v = VOICES[name];
  const rate = ctx.sampleRate;
  const longest = Math.max(v.noise[1], ...v.partials.map((p) => p[2]));
  const n = Math.ceil(rate * longest * 6);
  const b = ctx.createBuffer(1, n, rate);
  const data = b.getChannelData(0);
  let seed = 12345;  // the same noise every time
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    let s = 0;
    for (const [f, a, tau] of v.partials) s += a * Math.exp(-t / tau) * Math.sin(2 * Math.PI * f * t);
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    s += v.noise[0] * Math.exp(-t / v.noise[1]) * (seed / 0x3fffffff - 1);
    data[i] = s * 0.5;
  }
  buffers[name] = b;
  return b;
}

// The voice of a contact: the game's page module's (`voice(kind, shape)`: snooker's ball and
// cushion, crokinole's flick, peg and ditch), else the boards' disc and rail.
const VOICE_OF = { strike: "cue", collision: "disc", cushion: "rail", pocketed: "pocket", holed: "hole", ditched: "ditch", off_table: "cushion" };
export function voiceOf(page, kind, shape) { return page.voice?.(kind, shape) ?? VOICE_OF[kind] ?? null; }

// Contact speeds heard at full volume: the page module's `loud` (m/s).
export function loudness(page, speed) { return Math.min(1, (speed / page.loud) ** 0.7); }

// Play the contacts `sounds` (entries of tracks.sounds) that the animation has just passed.
export function playContacts(page, sounds) {
  if (!sounds.length || !soundOn()) return;
  const heard = sounds.filter((s) => s.speed >= QUIET_BELOW && voiceOf(page, s.kind, s.shape));
  heard.sort((a, b) => b.speed - a.speed);
  const ac = audio();
  if (!ac) return;
  for (const s of heard.slice(0, AT_ONCE).sort((a, b) => a.t - b.t)) {
    const voice = voiceOf(page, s.kind, s.shape);
    const gain = loudness(page, s.speed);
    const src = ac.createBufferSource();
    src.buffer = buffer(voice);
    src.playbackRate.value = 0.9 + 0.2 * gain;  // a harder contact rings a little higher
    const g = ac.createGain();
    g.gain.value = gain;
    src.connect(g); g.connect(out);
    src.start(ac.currentTime);
    played.push({ voice, kind: s.kind, t: s.t, gain });
  }
}
