import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { MenuCategoryOutput } from '@kusina/domain/menu';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useSaveCategory } from '../api/save-category.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { InlineNameForm, nameError } from '../../../components/ui/inline-name-form.tsx';

/** Categories in position order: add, rename, move up or down, delete (its dishes stay, uncategorised). */
export function MenuCategoriesPanel({ categories }: { categories: readonly MenuCategoryOutput[] }) {
  const headingId = useId();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<MenuCategoryOutput | null>(null);
  const [moving, setMoving] = useState(false);

  const add = () => {
    if (!name.trim()) return setError('Required');
    setError(undefined);
    save.mutate(
      { id: null, input: { name: name.trim() } },
      {
        onSuccess: (category) => {
          setName('');
          toast.success(`Category ${category.name} added.`);
        },
        onError: (failure) => setError(nameError(failure, 'Could not add the category. Please try again.')),
      },
    );
  };

  /** Swaps a category with its neighbour, then writes 0…n-1 to every category whose position changed. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    setMoving(true);
    try {
      await Promise.all(order.map((category, position) => (category.position === position ? null : save.mutateAsync({ id: category.id, input: { position } }))));
      toast.success(`${moved.name} moved ${by < 0 ? 'up' : 'down'}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Could not reorder the categories. Please try again.'));
    } finally {
      setMoving(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Categories
        </h2>
        <p className="text-sm text-ink-muted">The sections of the menu, in the order customers see them.</p>
      </div>
      <form
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField label="New category" fieldClassName="min-w-0 flex-1" value={name} onChange={(event) => setName(event.target.value)} error={error} maxLength={120} required />
        <Button type="submit" className="sm:mt-7" loading={save.isPending && !moving} icon={<FolderPlus aria-hidden="true" className="size-4" />}>
          Add category
        </Button>
      </form>
      {categories.length === 0 ? (
        <p className="text-ink-muted">No categories yet. Dishes without one are listed as Uncategorised.</p>
      ) : (
        <ol className="divide-y divide-line rounded-xl border border-line">
          {categories.map((category, index) => (
            <CategoryRow
              key={category.id}
              category={category}
              first={index === 0}
              last={index === categories.length - 1}
              moving={moving}
              onMove={(by) => void move(index, by)}
              onDelete={() => setDeleting(category)}
            />
          ))}
        </ol>
      )}

      <ConfirmDeleteDialog
        target={deleting}
        what="category"
        description="Its dishes stay on the menu, listed as Uncategorised."
        remove={(category) => remove.mutateAsync(category.id)}
        deletedMessage={(category) => `Category ${category.name} deleted.`}
        failedMessage="Could not delete the category. Please try again."
        onClose={() => setDeleting(null)}
      >
        <p>Move dishes to another category first if they should not end up uncategorised.</p>
      </ConfirmDeleteDialog>
    </section>
  );
}

function CategoryRow({
  category,
  first,
  last,
  moving,
  onMove,
  onDelete,
}: {
  category: MenuCategoryOutput;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove(by: -1 | 1): void;
  onDelete(): void;
}) {
  const save = useSaveCategory();
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <li className="p-3">
        <InlineNameForm
          label={`Name of ${category.name}`}
          defaultValue={category.name}
          requiredMessage="Required"
          failedMessage="Could not save the category. Please try again."
          save={(name) => save.mutateAsync({ id: category.id, input: { name } }).then((saved) => toast.success(`Category ${saved.name} saved.`))}
          onClose={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <span className="min-w-0 font-semibold">{category.name}</span>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={first || moving} onClick={() => onMove(-1)} icon={<ArrowUp aria-hidden="true" className="size-4" />} aria-label={`Move ${category.name} up`} />
        <Button variant="secondary" size="sm" disabled={last || moving} onClick={() => onMove(1)} icon={<ArrowDown aria-hidden="true" className="size-4" />} aria-label={`Move ${category.name} down`} />
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Rename ${category.name}`}>
          Rename
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Delete ${category.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
