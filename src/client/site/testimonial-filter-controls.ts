// The testimonials page's filter, as plain DOM code: the prerendered page runs it without React (decision 005),
// and TestimonialsPage runs the same code on the markup it renders in the app. The page lists every
// testimonial (All); a pressed button shows its category's cards alone.

const PRESSED = ['border-primary', 'bg-primary', 'text-primary-foreground'];
const UNPRESSED = ['border-input', 'bg-background', 'text-foreground', 'hover:bg-muted'];
const PRESSED_COUNT = ['bg-white/20', 'text-white'];
const UNPRESSED_COUNT = ['bg-muted', 'text-muted-foreground'];

function toggleClasses(element: Element | null, isOn: boolean, on: string[], off: string[]) {
  for (const name of on) element?.classList.toggle(name, isOn);
  for (const name of off) element?.classList.toggle(name, !isOn);
}

// Wires up one filter ([data-testimonial-filters]); the returned function undoes it.
export function attachTestimonialFilters(root: HTMLElement): () => void {
  const controller = new AbortController();
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-filter]')];
  const cards = [...root.querySelectorAll<HTMLElement>('[data-category]')];
  const status = root.querySelector('[data-filter-status]');

  function show(filterId: string) {
    for (const button of buttons) {
      const isPressed = button.dataset.filter === filterId;
      button.setAttribute('aria-pressed', String(isPressed));
      toggleClasses(button, isPressed, PRESSED, UNPRESSED);
      toggleClasses(button.querySelector('span'), isPressed, PRESSED_COUNT, UNPRESSED_COUNT);
    }
    let visible = 0;
    for (const card of cards) {
      card.hidden = filterId !== 'all' && card.dataset.category !== filterId;
      if (!card.hidden) visible++;
    }
    if (status) status.textContent = `Showing ${visible} of ${cards.length} reviews`;
  }

  for (const button of buttons) {
    button.addEventListener('click', () => show(button.dataset.filter ?? 'all'), { signal: controller.signal });
  }
  return () => controller.abort();
}
