import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import type { LayoutOutput } from '@kusina/domain/layouts';
import {
  canvasSize,
  clampOffset,
  DEFAULT_CANVAS_SIZE,
  duplicateLabels,
  EDITOR_ZOOM_MIN,
  floorsOf,
  LayoutMessages,
  NEW_SECTION_OFFSET,
  seatCapacityOf,
  stepZoom,
  type CanvasSizeName,
} from '@kusina/domain/layout-rules';
import { failureMessage } from '../../../lib/failure-message.ts';
import { activateLayout } from '../api/activate-layout.ts';
import { createLayout } from '../api/create-layout.ts';
import { getLayoutQueryOptions } from '../api/get-layout.ts';
import { layoutsKey, useLayouts } from '../api/get-layouts.ts';
import { toEditorSections, type EditorSection } from '../utils/editor-sections.ts';
import { updateLayout } from '../api/update-layout.ts';
import type { SectionDraft } from './section-dialog.tsx';

export { failureMessage };

/** A two-line failure toast: the lines stay apart (pre-line) and wrap within the toast. */
function toastFailure(message: string): void {
  toast.error(message, { style: { whiteSpace: 'pre-line' } });
}

let nextKey = 0;
const newKey = () => `new-${Date.now().toString(36)}-${nextKey++}`;

/**
 * The Layout Editor's state (backoffice §2 Layout Editor, §8 messages): which layout, its name and
 * sections as the editor's sections_data, whether it differs from what is saved, and the view
 * (floor, size, grid, zoom, edit mode). Saving sends the whole plan and takes the server's answer
 * back, so new sections and seats get their ids and keep them on the next save.
 */
export function useLayoutEditor() {
  const queryClient = useQueryClient();
  const list = useLayouts();
  const [layoutId, setLayoutId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [sections, setSections] = useState<EditorSection[]>([]);
  const [dirty, setDirty] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [activating, setActivating] = useState(false);
  const [floor, setFloor] = useState(1);
  const [sizeName, setSizeName] = useState<CanvasSizeName>(DEFAULT_CANVAS_SIZE);
  const [grid, setGrid] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [editMode, setEditMode] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const started = useRef(false);

  const load = useCallback((layout: LayoutOutput) => {
    setLayoutId(layout.id);
    setName(layout.name);
    const next = toEditorSections(layout);
    setSections(next);
    setFloor(floorsOf(next)[0]!);
    setDirty(false);
    setSelectedId(null);
    setNameError(undefined);
  }, []);

  const open = useCallback(
    async (id: number | null) => {
      if (id === null) {
        setLayoutId(null);
        setName('');
        setSections([]);
        setFloor(1);
        setDirty(false);
        setSelectedId(null);
        setEditMode(true);
        return;
      }
      setLoading(true);
      try {
        load(await queryClient.fetchQuery({ ...getLayoutQueryOptions(id), staleTime: 0 }));
      } catch (error) {
        console.error(error);
        toast.error(LayoutMessages.loadFailed);
      } finally {
        setLoading(false);
      }
    },
    [load, queryClient],
  );

  // First visit: the active layout, else the first one, else a new one.
  useEffect(() => {
    if (started.current || !list.data) return;
    started.current = true;
    const first = list.data.find((l) => l.is_active) ?? list.data[0];
    void open(first ? first.id : null);
  }, [list.data, open]);

  // Closing or reloading the tab with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (fn: (prev: EditorSection[]) => EditorSection[]) => {
    setSections(fn);
    setDirty(true);
  };

  const floors = useMemo(() => [...new Set([...floorsOf(sections), floor])].sort((a, b) => a - b), [sections, floor]);
  const onFloor = useMemo(() => sections.filter((s) => s.floorNumber === floor), [sections, floor]);
  const size = canvasSize(sizeName, onFloor);
  const labelsExcept = (id: string | null) => new Set(sections.filter((s) => s.id !== id).flatMap((s) => s.seats.map((seat) => seat.label)));

  const addSection = (draft: SectionDraft) => {
    // New sections start at 100,100 (§9), moved along the diagonal past any section already there.
    let x = NEW_SECTION_OFFSET.x;
    let y = NEW_SECTION_OFFSET.y;
    const base = { ...draft, offsetX: 0, offsetY: 0 };
    let spot = clampOffset(base, x, y);
    while (sections.some((s) => s.floorNumber === draft.floorNumber && s.offsetX === spot.x && s.offsetY === spot.y)) {
      x += 40;
      y += 40;
      spot = clampOffset(base, x, y);
    }
    const section: EditorSection = { id: newKey(), dbId: null, ...draft, offsetX: spot.x, offsetY: spot.y };
    change((prev) => [...prev, section]);
    setFloor(draft.floorNumber);
    setSelectedId(section.id);
    return section;
  };
  const editSection = (id: string, draft: SectionDraft) => {
    change((prev) => prev.map((s) => (s.id === id ? { ...s, ...draft } : s)));
    setFloor(draft.floorNumber);
  };
  const moveSection = (id: string, offsetX: number, offsetY: number) => change((prev) => prev.map((s) => (s.id === id ? { ...s, offsetX, offsetY } : s)));
  const deleteSection = (id: string) => {
    change((prev) => prev.filter((s) => s.id !== id));
    setSelectedId((current) => (current === id ? null : current));
  };

  const save = async () => {
    if (!name.trim()) {
      setNameError(LayoutMessages.nameRequired);
      toastFailure(`${LayoutMessages.saveFailed}\n${LayoutMessages.nameRequired}`);
      return false;
    }
    const dupes = duplicateLabels(sections);
    if (dupes.length) {
      toastFailure(`${LayoutMessages.saveFailed}\n${LayoutMessages.duplicateLabel(dupes[0]!)}`);
      return false;
    }
    setSaving(true);
    const body = { name: name.trim(), sections_data: { sections } };
    try {
      const saved = layoutId === null ? await createLayout(body) : await updateLayout(layoutId, body);
      const currentFloor = floor;
      load(saved);
      setFloor(currentFloor);
      toast.success(layoutId === null ? LayoutMessages.created : LayoutMessages.updated);
      queryClient.setQueryData(getLayoutQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: layoutsKey });
      return true;
    } catch (error) {
      console.error(error);
      toastFailure(failureMessage(LayoutMessages.saveFailed, error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const activate = async () => {
    // Only a saved layout, as saved, can be activated: unsaved changes would not be what goes live.
    if (layoutId === null || dirty) {
      toast.error(LayoutMessages.notSaved);
      return;
    }
    setActivating(true);
    try {
      const result = await activateLayout(layoutId);
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: layoutsKey });
    } catch (error) {
      console.error(error);
      toastFailure(failureMessage(LayoutMessages.activateFailed, error));
    } finally {
      setActivating(false);
    }
  };

  return {
    list,
    layoutId,
    name,
    setName: (value: string) => {
      setName(value);
      setNameError(undefined);
      setDirty(true);
    },
    nameError,
    sections,
    onFloor,
    floors,
    floor,
    setFloor,
    dirty,
    loading,
    saving,
    activating,
    sizeName,
    setSizeName,
    size,
    grid,
    setGrid,
    zoom,
    zoomIn: () => setZoom((z) => stepZoom(z, 1, EDITOR_ZOOM_MIN)),
    zoomOut: () => setZoom((z) => stepZoom(z, -1, EDITOR_ZOOM_MIN)),
    zoomReset: () => setZoom(1),
    editMode,
    setEditMode,
    selectedId,
    setSelectedId,
    seatCount: seatCapacityOf(sections),
    isActive: list.data?.some((l) => l.id === layoutId && l.is_active) ?? false,
    labelsExcept,
    open,
    addSection,
    editSection,
    moveSection,
    deleteSection,
    save,
    activate,
  };
}
