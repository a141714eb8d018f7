import { useRef, useState } from 'react';
import { Move, Plus } from 'lucide-react';
import { EDITOR_ZOOM_MIN, LAYOUT_LIMITS, LayoutMessages, SECTION_DEFAULTS } from '@kusina/domain/layout-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { FloorTabs, ViewControls } from '../components/floor-plan-parts.tsx';
import { FloorCanvas } from '../components/floor-canvas.tsx';
import { SectionDialog } from '../components/section-dialog.tsx';
import { useLayoutEditor } from '../components/use-layout-editor.ts';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { getLocationsQueryOptions } from '../../reservations/api/get-locations.ts';

export const DISCARD_CHANGES_CONFIRM = 'You have unsaved changes to this layout. Discard them?';

/**
 * The Layout Editor tab (backoffice §2 Layout Editor, §5, §8, §9): choose a layout or start a new
 * one, name it, set the view (size, grid, zoom), switch floors, add, edit, move and delete
 * sections, save, and activate the saved layout.
 */
export function LayoutEditor() {
  const editor = useLayoutEditor();
  const restaurantId = useAuthStore((state) => state.user?.restaurant_id ?? 0);
  const locations = useQuery({ ...getLocationsQueryOptions(restaurantId), enabled: restaurantId > 0 });
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'edit'; id: string } | null>(null);
  const canvasBox = useRef<HTMLDivElement>(null);

  if (editor.list.isPending) return <Spinner size="lg" label="Loading layouts…" />;
  if (editor.list.isError) return <Alert tone="error">{LayoutMessages.listFailed}</Alert>;

  // Only a section on the floor shown can be edited from the bar.
  const selected = editor.onFloor.find((s) => s.id === editor.selectedId) ?? null;
  const editing = dialog?.mode === 'edit' ? editor.sections.find((s) => s.id === dialog.id) : undefined;
  const nextTableName = () => {
    const names = new Set(editor.sections.map((s) => s.name));
    let n = editor.sections.length + 1;
    while (names.has(`Table ${n}`)) n++;
    return `Table ${n}`;
  };
  const confirmDelete = (id: string) => {
    const section = editor.sections.find((s) => s.id === id);
    if (!section || !window.confirm(LayoutMessages.deleteSectionConfirm(section.name))) return;
    editor.deleteSection(id);
    canvasBox.current?.focus();
  };
  const choose = (value: string) => {
    if (editor.dirty && !window.confirm(DISCARD_CHANGES_CONFIRM)) return;
    void editor.open(value === 'new' ? null : Number(value));
  };

  return (
    <section aria-labelledby="layout-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="layout-title" className="font-display text-2xl font-bold">Layout Editor</h2>
        <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
          {editor.isActive ? <Badge tone="success">Active layout</Badge> : null}
          {editor.layoutId === null ? <Badge tone="info">New layout</Badge> : null}
          {editor.dirty ? <Badge tone="warning">Unsaved changes</Badge> : null}
          <span className="text-ink-muted">
            {editor.sections.length} {editor.sections.length === 1 ? 'section' : 'sections'}, {editor.seatCount} {editor.seatCount === 1 ? 'seat' : 'seats'}
          </span>
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="layout-choice" className="block text-sm font-semibold">Choose layout</label>
          <Select id="layout-choice" value={editor.layoutId ?? 'new'} onChange={(e) => choose(e.target.value)} disabled={editor.loading}>
            {(editor.list.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.is_active ? ' (active)' : ''}
              </option>
            ))}
            <option value="new">New Layout</option>
          </Select>
        </div>
        <TextField label="Layout name" value={editor.name} maxLength={LAYOUT_LIMITS.nameLength} onChange={(e) => editor.setName(e.target.value)} error={editor.nameError} required placeholder="e.g. Main Floor" />
      </div>

      <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Layout view and actions">
        <ViewControls
          size={{ id: 'layout-size', value: editor.sizeName, onChange: editor.setSizeName }}
          grid={editor.grid}
          onGrid={editor.setGrid}
          zoom={editor.zoom}
          zoomMin={EDITOR_ZOOM_MIN}
          onZoom={(d) => (d === 0 ? editor.zoomReset() : d < 0 ? editor.zoomOut() : editor.zoomIn())}
        />
        <Button variant={editor.editMode ? 'primary' : 'secondary'} icon={<Move aria-hidden="true" className="size-4" />} onClick={() => editor.setEditMode(!editor.editMode)}>
          {editor.editMode ? 'Disable Edit Mode' : 'Enable Edit Mode'}
        </Button>
        <Button variant="secondary" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setDialog({ mode: 'add' })}>
          Add Table
        </Button>
        <Button loading={editor.saving} onClick={() => void editor.save()}>Save Layout</Button>
        <Button variant="secondary" loading={editor.activating} onClick={() => void editor.activate()}>Activate</Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <FloorTabs floors={editor.floors} current={editor.floor} onSelect={editor.setFloor} always />
        {selected ? (
          <div className="ml-auto flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{selected.name}</span>
            <Button size="sm" variant="secondary" onClick={() => setDialog({ mode: 'edit', id: selected.id })}>Edit Section</Button>
            <Button size="sm" variant="danger" onClick={() => confirmDelete(selected.id)}>Delete Section</Button>
          </div>
        ) : null}
      </div>

      <p id="layout-canvas-help" className="text-sm text-ink-muted">
        {editor.editMode
          ? 'Edit mode: drag a section, or focus it and use the arrow keys (Shift moves further). Delete removes it. Enter edits it.'
          : 'Select a section to edit it. Enable Edit Mode to move and delete sections.'}
      </p>
      <div
        ref={canvasBox}
        tabIndex={-1}
        aria-describedby="layout-canvas-help"
        className="relative max-h-[70vh] min-h-64 w-full overflow-auto rounded-xl border border-line bg-surface-muted outline-none"
      >
        {editor.loading ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading layout…" />
          </div>
        ) : (
          <FloorCanvas
            sections={editor.onFloor}
            width={editor.size.width}
            height={editor.size.height}
            zoom={editor.zoom}
            grid={editor.grid}
            editMode={editor.editMode}
            selectedId={editor.selectedId}
            onSelect={editor.setSelectedId}
            onEdit={(id) => setDialog({ mode: 'edit', id })}
            onMove={editor.moveSection}
            onDelete={confirmDelete}
          />
        )}
        {!editor.loading && editor.onFloor.length === 0 ? (
          <p className="pointer-events-none absolute inset-x-0 top-16 px-4 text-center text-ink-muted">No sections on floor {editor.floor} yet. Use Add Table to place one.</p>
        ) : null}
      </div>

      {dialog ? (
        <SectionDialog
          isNew={dialog.mode === 'add'}
          section={editing ?? { name: nextTableName(), floorNumber: editor.floor || SECTION_DEFAULTS.floorNumber, locationId: null, type: 'table', orientation: 'vertical', seats: [] }}
          locations={locations.data ?? []}
          takenLabels={editor.labelsExcept(editing?.id ?? null)}
          onCancel={() => setDialog(null)}
          onSubmit={(draft) => {
            if (editing) editor.editSection(editing.id, draft);
            else editor.addSection(draft);
            setDialog(null);
          }}
        />
      ) : null}
    </section>
  );
}
