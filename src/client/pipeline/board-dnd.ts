import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { JobApplication } from '~/shared/jobs';
import { type BoardColumnSpec, columnIdOf } from './board-columns';

// How the board's drag and drop behaves: sensors, where a card is over, and what a screen reader hears.

// A pointer drag starts after a few pixels, so a click on the card's link still opens the application.
export function useBoardSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: nextColumnCoordinates }),
  );
}

// The keyboard moves a picked-up card a whole column at a time: Right and Left go to the next column on
// that side (the board scrolls to it), Up and Down do nothing.
const nextColumnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const columns = context.droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect }] : [];
    })
    .sort((left, right) => left.rect.left - right.rect.left);
  const card = cardOf(context.active);
  const currentId = context.over?.id ?? (card ? columnIdOf(card) : undefined);
  const next = columns[columns.findIndex((column) => column.id === currentId) + step];
  if (!next) return undefined;
  return { x: next.rect.left + 8, y: next.rect.top + 48 };
};

// Under the pointer when there is one; for the keyboard, the column the card is placed in.
export const columnCollision: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

export function cardOf(draggable: { data: { current?: Record<string, unknown> } } | null): JobApplication | null {
  const card = draggable?.data.current?.card;
  return card ? (card as JobApplication) : null;
}

// The column a dragged card is over, as a drop handler reads it.
export function columnOf(droppable: { data: { current?: Record<string, unknown> } } | null): BoardColumnSpec | null {
  const column = droppable?.data.current?.column;
  return column ? (column as BoardColumnSpec) : null;
}

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this application to another stage, press Space to pick it up, the Left and Right arrow keys to choose a column, Space again to drop it there, or Escape to cancel.',
};

// Said as a card is picked up, carried over a column, dropped or put back. Over its own column, said only
// once it has been elsewhere: at pickup the card is over it already, and "picked up" must be heard.
export function createBoardAnnouncements(columns: readonly BoardColumnSpec[]): Announcements {
  const columnName = (id: string | number | undefined) =>
    columns.find((column) => column.id === id)?.label ?? 'no column';
  let hasLeftItsColumn = false;
  return {
    onDragStart: ({ active }) => {
      hasLeftItsColumn = false;
      const card = cardOf(active);
      return card ? `Picked up ${card.applicant_name} from ${columnName(columnIdOf(card))}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const card = cardOf(active);
      if (!card) return undefined;
      if (over?.id === columnIdOf(card) && !hasLeftItsColumn) return undefined;
      hasLeftItsColumn = true;
      return over
        ? `${card.applicant_name} is over ${columnName(over.id)}.`
        : `${card.applicant_name} is over no column.`;
    },
    onDragEnd: ({ active, over }) => {
      const card = cardOf(active);
      if (!card) return undefined;
      const from = columnIdOf(card);
      if (!over || over.id === from) return `${card.applicant_name} stays in ${columnName(from)}.`;
      return `${card.applicant_name} was dropped on ${columnName(over.id)}.`;
    },
    onDragCancel: ({ active }) => {
      const card = cardOf(active);
      return card
        ? `Moving ${card.applicant_name} was cancelled; it stays in ${columnName(columnIdOf(card))}.`
        : undefined;
    },
  };
}
