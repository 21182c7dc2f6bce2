import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { QueueDto, QueueItemDto } from '../../../../shared/queues/api';
import { itemExcerpt, QueueItemRow } from './queue-item-row';

/**
 * The queue's items in run order (the first goes out next), reorderable by drag and drop with the
 * pointer, or with the keyboard: Space to pick up, arrows to move, Space to drop (Escape cancels),
 * or Alt+Arrow to move at once.
 */
export function QueueItemList({
  queue,
  deletingId,
  onReorder,
  onEdit,
  onDelete,
  onDragging,
}: {
  queue: QueueDto;
  deletingId: string | null;
  onReorder: (itemIds: string[]) => void;
  onEdit: (item: QueueItemDto) => void;
  onDelete: (item: QueueItemDto) => void;
  /** True while an item is held (the dialog then leaves Escape to the drag). */
  onDragging?: (dragging: boolean) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = queue.items.map((item) => item.id);
  const count = ids.length;
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const label = (id: string | number) => {
    const item = queue.items.find((i) => i.id === id);
    return item ? `"${itemExcerpt(item, 40)}"` : 'The item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${label(active.id)}, position ${position(active.id)} of ${count}.`,
    // Not over its own place: "picked up" already said where it is.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${label(active.id)} is over position ${position(over.id)} of ${count}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${label(active.id)} dropped at position ${position(over.id)} of ${count}.` : undefined,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${label(active.id)} stays at position ${position(active.id)}.`,
  };

  function move(from: number, to: number) {
    if (from === to) return;
    onReorder(arrayMove(ids, from, to));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    onDragging?.(false);
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => onDragging?.(true)}
      onDragEnd={onDragEnd}
      onDragCancel={() => onDragging?.(false)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space to pick the item up, use the arrow keys to move it, then press Space to drop it or Escape to cancel. Alt with the arrow keys moves it at once.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="space-y-2" aria-label="Queue items">
          {queue.items.map((item, index) => (
            <QueueItemRow
              key={item.id}
              item={item}
              index={index}
              count={count}
              isRepeatable={queue.isRepeatable}
              deleting={deletingId === item.id}
              onMove={move}
              onEdit={() => onEdit(item)}
              onDelete={() => onDelete(item)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
