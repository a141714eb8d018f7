import { useState, type FormEvent } from 'react';
import { arrangeSeats, digitsOrOne, LAYOUT_LIMITS, LayoutMessages, SECTION_DEFAULTS, type LayoutSeat, type Orientation, type SectionType } from '@kusina/domain/layout-rules';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { EditorSection } from '../utils/editor-sections.ts';

export interface SectionDraft {
  name: string;
  floorNumber: number;
  locationId: number | null;
  type: SectionType;
  orientation: Orientation;
  seats: LayoutSeat[];
}

interface SectionDialogProps {
  /** The section being edited, or the defaults of a new one (no dbId, no seats). */
  section: Pick<EditorSection, 'name' | 'floorNumber' | 'locationId' | 'type' | 'orientation' | 'seats'>;
  /** The restaurant's dining rooms; with more than one, the section says which room its seats are in. */
  locations?: readonly { id: number; name: string; is_default: boolean }[];
  isNew: boolean;
  /** Labels of the layout's other sections: a seat's label is unique in the layout. */
  takenLabels: ReadonlySet<string>;
  onCancel(): void;
  onSubmit(draft: SectionDraft): void;
}

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 3);

/**
 * Add/Edit Section (backoffice §2): Section Name, Floor Number, the Dining Room when the restaurant has
 * more than one (issue #35, decision 0105), Number of Seats, Section Type,
 * Orientation, Seat Capacity, Rename Seats, Cancel and Create/Save. Floor, seat count and capacity
 * keep digits only and fall back to 1 (§5). Seats kept keep their ids and labels (arrangeSeats).
 */
export function SectionDialog({ section, isNew, takenLabels, locations = [], onCancel, onSubmit }: SectionDialogProps) {
  const [name, setName] = useState(section.name);
  const [floor, setFloor] = useState(String(section.floorNumber));
  const defaultRoom = locations.find((l) => l.is_default)?.id ?? locations[0]?.id ?? null;
  const [locationId, setLocationId] = useState<number | null>(section.locationId ?? defaultRoom);
  const [count, setCount] = useState(String(section.seats.length || SECTION_DEFAULTS.seatCount));
  const [type, setType] = useState<SectionType>(section.type);
  const [orientation, setOrientation] = useState<Orientation>(section.orientation);
  const [capacity, setCapacity] = useState(String(section.seats[0]?.capacity ?? SECTION_DEFAULTS.capacity));
  /** Labels typed in Rename Seats, by seat number; applied over the arranged seats. */
  const [labels, setLabels] = useState<string[]>(section.seats.map((s) => s.label));
  const [renaming, setRenaming] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();

  const seatsNow = (): LayoutSeat[] => {
    const arranged = arrangeSeats(
      { name: name.trim() || 'Section', type, orientation, seats: section.seats },
      digitsOrOne(count, LAYOUT_LIMITS.seatsPerSection),
      digitsOrOne(capacity, LAYOUT_LIMITS.maxCapacity),
      takenLabels,
    );
    return arranged.map((seat, i) => ({ ...seat, label: labels[i]?.trim() || seat.label }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(LayoutMessages.sectionNameRequired);
      document.getElementById('section-name')?.focus();
      return;
    }
    onSubmit({ name: name.trim(), floorNumber: digitsOrOne(floor, LAYOUT_LIMITS.maxFloor), locationId: locations.length > 1 ? locationId : section.locationId, type, orientation, seats: seatsNow() });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={isNew ? 'Add Section' : 'Edit Section'}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button type="submit" form="section-form">{isNew ? 'Create' : 'Save'}</Button>
        </div>
      }
    >
      <form id="section-form" className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <TextField
          id="section-name"
          label="Section Name"
          fieldClassName="sm:col-span-2"
          value={name}
          maxLength={LAYOUT_LIMITS.sectionNameLength}
          required
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
        />
        <TextField label="Floor Number" inputMode="numeric" value={floor} onChange={(e) => setFloor(digits(e.target.value))} hint={`1 to ${LAYOUT_LIMITS.maxFloor}`} />
        {locations.length > 1 ? (
          <FormField label="Dining Room" hint="Bookings for this room can only be given these seats.">
            {(control) => (
              <Select {...control} value={locationId ?? ''} onChange={(e) => setLocationId(Number(e.target.value))}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <TextField label="Number of Seats" inputMode="numeric" value={count} onChange={(e) => setCount(digits(e.target.value))} hint={`1 to ${LAYOUT_LIMITS.seatsPerSection}`} />
        <FormField label="Section Type">
          {(control) => (
            <Select {...control} value={type} onChange={(e) => setType(e.target.value as SectionType)}>
              <option value="counter">Counter</option>
              <option value="table">Table</option>
            </Select>
          )}
        </FormField>
        <FormField label="Orientation" hint={type === 'table' ? 'Table seats sit around the table.' : undefined}>
          {(control) => (
            <Select {...control} value={orientation} onChange={(e) => setOrientation(e.target.value as Orientation)}>
              <option value="vertical">Vertical</option>
              <option value="horizontal">Horizontal</option>
            </Select>
          )}
        </FormField>
        <TextField label="Seat Capacity" inputMode="numeric" value={capacity} onChange={(e) => setCapacity(digits(e.target.value))} hint="Guests per seat" />
        <div className="flex items-end">
          <Button variant="secondary" block onClick={() => setRenaming(true)}>Rename Seats</Button>
        </div>
      </form>
      {renaming ? (
        <RenameSeatsDialog
          seats={seatsNow()}
          takenLabels={takenLabels}
          onCancel={() => setRenaming(false)}
          onSave={(next) => {
            setLabels(next);
            setRenaming(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** Rename Seats (§2): one "Seat #n" input per seat; labels unique in the layout. */
function RenameSeatsDialog({ seats, takenLabels, onCancel, onSave }: { seats: LayoutSeat[]; takenLabels: ReadonlySet<string>; onCancel(): void; onSave(labels: string[]): void }) {
  const [labels, setLabels] = useState(seats.map((s) => s.label));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const save = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<number, string> = {};
    const seen = new Set<string>();
    labels.forEach((raw, i) => {
      const label = raw.trim();
      if (!label) found[i] = LayoutMessages.labelRequired;
      else if (takenLabels.has(label)) found[i] = LayoutMessages.labelTaken(label);
      else if (seen.has(label)) found[i] = LayoutMessages.duplicateLabel(label);
      seen.add(label);
    });
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      document.getElementById(`seat-label-${first}`)?.focus();
      return;
    }
    onSave(labels.map((l) => l.trim()));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Rename Seats"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button type="submit" form="rename-seats-form">Save</Button>
        </div>
      }
    >
      <form id="rename-seats-form" className="grid gap-3 sm:grid-cols-2" onSubmit={save} noValidate>
        {labels.map((label, i) => (
          <TextField
            key={i}
            id={`seat-label-${i}`}
            label={`Seat #${i + 1}`}
            value={label}
            maxLength={LAYOUT_LIMITS.labelLength}
            error={errors[i]}
            onChange={(e) => setLabels((prev) => prev.map((l, j) => (j === i ? e.target.value : l)))}
          />
        ))}
      </form>
    </Dialog>
  );
}
