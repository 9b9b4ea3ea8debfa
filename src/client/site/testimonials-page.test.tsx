import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testimonials } from '~/client/content/testimonials';
import TestimonialsPage from './testimonials-page';

// The filter is plain DOM code (testimonial-filter-controls.ts), which the prerendered page runs without
// React; here it runs as the app runs it, on the markup TestimonialsPage renders.

describe('TestimonialsPage', () => {
  it('lists every testimonial, then one category’s alone, and says how many it shows', async () => {
    render(
      <MemoryRouter>
        <TestimonialsPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup({ delay: null });
    const reviews = () => screen.getAllByRole('article');
    expect(reviews()).toHaveLength(testimonials.length);
    expect(screen.getByText(`Showing ${testimonials.length} of ${testimonials.length} reviews`)).toBeVisible();

    const dataEntry = testimonials.filter((testimonial) => testimonial.category === 'data-entry');
    const button = screen.getByRole('button', { name: /^Data Entry/ });
    expect(button).toHaveTextContent(`Data Entry${dataEntry.length}`);
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'false');
    expect(reviews().map((review) => within(review).getByRole('heading', { level: 3 }).textContent)).toEqual(
      dataEntry.map((testimonial) => testimonial.author),
    );
    expect(screen.getByText(`Showing ${dataEntry.length} of ${testimonials.length} reviews`)).toBeVisible();
  });
});
