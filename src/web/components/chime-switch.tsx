import { Volume2, VolumeX } from 'lucide-react';
import * as React from 'react';
import { Switch } from '@/components/ui/switch';
import { setChimeOn, useChimeOn } from '@/lib/chime';

/**
 * The room's chime on this screen (lib/chime.ts): off until switched on here, remembered on this computer.
 * On the projector's views only: the presentations and the room screen.
 */
export function ChimeSwitch() {
  const on = useChimeOn();
  const id = React.useId();
  return (
    <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
      {on ? (
        <Volume2 className="size-4" aria-hidden="true" />
      ) : (
        <VolumeX className="size-4" aria-hidden="true" />
      )}
      <label htmlFor={id}>Chime</label>
      <span id={`${id}-what`} className="sr-only">
        A sound at "Time is up" and at each place of the reveal, on this screen only.
      </span>
      <Switch
        id={id}
        checked={on}
        onCheckedChange={(checked) => setChimeOn(checked)}
        aria-describedby={`${id}-what`}
        data-testid="chime-switch"
      />
    </div>
  );
}
