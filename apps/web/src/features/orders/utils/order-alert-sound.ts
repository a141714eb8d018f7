import { useSyncExternalStore } from 'react';

/**
 * The new-order chime of the order board: two short tones made with the Web Audio API (no audio
 * file to download or cache). Browsers keep audio suspended until the page has had a user
 * gesture, so the context is created and resumed on the first click or key press anywhere on the
 * page; until then a chime is skipped and the board says sound is waiting for a click. The mute
 * choice is kept in localStorage so the kitchen's screen stays quiet after a reload.
 */
export const ORDER_SOUND_MUTED_KEY = 'kusina-order-sound-muted';

type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;
let muted = readMuted();
let unlocked = false;
const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return localStorage.getItem(ORDER_SOUND_MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Whether this browser can play the chime at all. */
export function soundSupported(): boolean {
  return audioContextClass() !== null;
}

/** Called from a user gesture: creates or resumes the audio context so later chimes can play. */
export async function unlockSound(): Promise<boolean> {
  const Ctor = audioContextClass();
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') await context.resume();
    const running = context.state === 'running';
    if (running !== unlocked) {
      unlocked = running;
      notify();
    }
    return running;
  } catch {
    return false;
  }
}

/**
 * Plays the chime: two 120 ms sine tones a fifth apart. Returns whether it played (false when
 * muted, unsupported or still waiting for the first gesture).
 */
export function playNewOrderSound(): boolean {
  if (muted || !context || context.state !== 'running') return false;
  try {
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      const at = start + index * 0.16;
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, at);
      // A quick fade in and out: no click at either end.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
      osc.connect(gain).connect(context!.destination);
      osc.start(at);
      osc.stop(at + 0.13);
    });
    return true;
  } catch {
    return false;
  }
}

export function isSoundMuted(): boolean {
  return muted;
}

export function setSoundMuted(next: boolean): void {
  muted = next;
  try {
    localStorage.setItem(ORDER_SOUND_MUTED_KEY, String(next));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  notify();
}

export interface SoundState {
  muted: boolean;
  /** The browser has allowed audio (a click or key press happened on this page). */
  unlocked: boolean;
  supported: boolean;
}

let snapshot: SoundState = { muted, unlocked, supported: false };

function getSnapshot(): SoundState {
  const supported = soundSupported();
  if (snapshot.muted !== muted || snapshot.unlocked !== unlocked || snapshot.supported !== supported) snapshot = { muted, unlocked, supported };
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mute switch and gesture state for the board's sound toggle. */
export function useSoundState(): SoundState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Re-reads the stored choice (another tab may have changed it; tests reset it). */
export function reloadSoundPreference(): void {
  muted = readMuted();
  notify();
}
