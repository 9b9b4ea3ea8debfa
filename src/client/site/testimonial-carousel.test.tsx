import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { homeTestimonials } from '~/client/content/home';
import { TestimonialCarousel } from './testimonial-carousel';

// The carousel's controls are plain DOM code (testimonial-carousel-controls.ts), which the prerendered home
// page runs without React; here it runs as the app runs it, on the markup TestimonialCarousel renders.

const status = () => screen.getByText(/^Testimonial \d of \d$/);

describe('TestimonialCarousel', () => {
  it('moves with its buttons, its dots and the arrow, Home and End keys, and says where it is', async () => {
    render(<TestimonialCarousel testimonials={homeTestimonials} />);
    const user = userEvent.setup({ delay: null });
    const count = homeTestimonials.length;
    expect(status()).toHaveTextContent(`Testimonial 1 of ${count}`);
    await user.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(status()).toHaveTextContent(`Testimonial 2 of ${count}`);
    expect(screen.getByRole('button', { name: 'Show testimonial 2' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show testimonial 1' })).not.toHaveAttribute('aria-current');
    await user.keyboard('{End}');
    expect(status()).toHaveTextContent(`Testimonial ${count} of ${count}`);
    await user.keyboard('{ArrowRight}');
    expect(status()).toHaveTextContent(`Testimonial 1 of ${count}`);
    await user.keyboard('{ArrowLeft}');
    expect(status()).toHaveTextContent(`Testimonial ${count} of ${count}`);
    await user.click(screen.getByRole('button', { name: 'Show testimonial 3' }));
    expect(status()).toHaveTextContent(`Testimonial 3 of ${count}`);
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(status()).toHaveTextContent(`Testimonial 2 of ${count}`);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.classList.contains('hidden'))).toEqual(
      homeTestimonials.map((_, index) => index !== 1),
    );
  });
});
