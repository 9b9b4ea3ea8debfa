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
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { JobApplication } from '~/shared/jobs';

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
  const currentId = context.over?.id ?? card?.status;
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

const columnName = (id: string | number | undefined) =>
  id !== undefined && id in applicationStatusLabels
    ? applicationStatusLabels[id as keyof typeof applicationStatusLabels]
    : 'no column';

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this application to another stage, press Space to pick it up, the Left and Right arrow keys to choose a column, Space again to drop it there, or Escape to cancel.',
};

// Said as a card is picked up, carried over a column, dropped or put back. Over its own column, said only
// once it has been elsewhere: at pickup the card is over it already, and "picked up" must be heard.
export function createBoardAnnouncements(): Announcements {
  let hasLeftItsColumn = false;
  return {
    onDragStart: ({ active }) => {
      hasLeftItsColumn = false;
      const card = cardOf(active);
      return card ? `Picked up ${card.applicant_name} from ${columnName(card.status)}.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const card = cardOf(active);
      if (!card) return undefined;
      if (over?.id === card.status && !hasLeftItsColumn) return undefined;
      hasLeftItsColumn = true;
      return over
        ? `${card.applicant_name} is over ${columnName(over.id)}.`
        : `${card.applicant_name} is over no column.`;
    },
    onDragEnd: ({ active, over }) => {
      const card = cardOf(active);
      if (!card) return undefined;
      if (!over || over.id === card.status) return `${card.applicant_name} stays in ${columnName(card.status)}.`;
      return `${card.applicant_name} was dropped on ${columnName(over.id)}.`;
    },
    onDragCancel: ({ active }) => {
      const card = cardOf(active);
      return card ? `Moving ${card.applicant_name} was cancelled; it stays in ${columnName(card.status)}.` : undefined;
    },
  };
}
