import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AssignmentReviewsDialog } from '~/client/components/assignment-reviews-dialog';
import { RatingStars } from '~/client/components/rating-stars';
import { Toaster } from '~/client/components/ui/toaster';
import { queryClient } from '~/client/lib/query-client';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { reviewsContract } from '~/shared/contracts/reviews';
import type { AssignmentReviews } from '~/shared/reviews';

function StatefulStars() {
  const [rating, setRating] = useState<number | null>(null);
  return (
    <>
      <RatingStars label="Your rating" value={rating} onChange={setRating} />
      <output>{rating ?? 'none'}</output>
    </>
  );
}

const unwritten: AssignmentReviews = {
  assignment_id: 'a1',
  counterpart_name: 'Grace Hopper',
  role: 'Data Analyst',
  window_closes_at: '2026-12-08T10:00:00.000Z',
  can_write: true,
  mine: null,
  theirs: null,
  has_their_review: false,
};

// The star input works from the keyboard as a radio group does: Tab reaches it, the arrow keys choose,
// and a screen reader hears "3 stars".
describe('the star input', () => {
  it('is chosen with the arrow keys and read out as stars', async () => {
    const events = userEvent.setup();
    render(<StatefulStars />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    await events.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await events.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('3');
    await events.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('2');
  });

  it('writes a review from the keyboard alone, and shows the server’s field errors', async () => {
    const server = createFakeServer();
    let attempts = 0;
    server
      .on(reviewsContract.companyAssignmentReviews, () => unwritten)
      .on(reviewsContract.writeCompanyReview, ({ body }) => {
        attempts++;
        if (attempts === 1) {
          return replyError(400, 'validation', 'Please check the review.', {
            comment: 'Please keep the review under 2000 characters.',
          });
        }
        return {
          ...unwritten,
          mine: {
            id: 'r1',
            side: 'company_of_talent' as const,
            rating: body.rating,
            comment: body.comment,
            author_name: 'Acme',
            created_at: '2026-11-24T10:00:00.000Z',
            updated_at: '2026-11-24T10:00:00.000Z',
            revealed_at: null,
          },
        };
      });
    vi.stubGlobal('fetch', server.fetch);
    const onOpenChange = vi.fn();
    const events = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <AssignmentReviewsDialog
          side="company"
          assignmentId="a1"
          title="Review Grace Hopper"
          onOpenChange={onOpenChange}
        />
        <Toaster />
      </QueryClientProvider>,
    );
    await screen.findByRole('group', { name: 'Your rating of Grace Hopper' });
    // Without stars the form says so under them.
    await events.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Choose from 1 to 5 stars.')).toBeInTheDocument();

    screen.getByRole('radio', { name: '1 star' }).focus();
    await events.keyboard(' ');
    await events.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await events.tab();
    expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveFocus();
    await events.keyboard('Careful, clear work every single week.');
    // Past Cancel to the submit button.
    await events.tab();
    await events.tab();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toHaveFocus();
    await events.keyboard('{Enter}');
    expect(await screen.findByText('Please keep the review under 2000 characters.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const sent = server.requests.filter((request) => request.method === 'PUT');
    expect(sent.at(-1)?.body).toEqual({ rating: 4, comment: 'Careful, clear work every single week.' });
    vi.unstubAllGlobals();
  });
});
