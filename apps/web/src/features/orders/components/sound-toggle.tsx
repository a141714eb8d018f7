import { Volume2, VolumeX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { setSoundMuted, unlockSound, type SoundState } from '../utils/order-alert-sound.ts';

/**
 * Mute switch for the new-order chime (kept in localStorage). Until the browser allows audio it
 * says a click is needed; pressing the switch is such a click.
 */
export function SoundToggle({ state }: { state: SoundState }) {
  if (!state.supported) return <span className="text-sm text-ink-muted">Sound is not available in this browser</span>;
  return (
    <div className="flex items-center gap-2">
      {!state.muted && !state.unlocked ? (
        <span className="text-sm text-ink-muted" id="sound-hint">
          Click anywhere to turn on the new-order sound
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={state.muted}
        aria-describedby={!state.muted && !state.unlocked ? 'sound-hint' : undefined}
        onClick={() => {
          void unlockSound();
          setSoundMuted(!state.muted);
        }}
        icon={state.muted ? <VolumeX aria-hidden="true" className="size-4" /> : <Volume2 aria-hidden="true" className="size-4" />}
      >
        Mute sound
      </Button>
    </div>
  );
}
