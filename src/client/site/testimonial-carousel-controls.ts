// The home testimonial carousel's controls, as plain DOM code: the prerendered home page runs it without
// React (decision 005), and TestimonialCarousel runs the same code on the markup it renders in the app.
// Below the md breakpoint one testimonial shows at a time; the markup starts on the first.

const SWIPE_THRESHOLD_PX = 50;
const ACTIVE_DOT = ['bg-primary'];
const INACTIVE_DOT = ['bg-background', 'group-hover:bg-indigo-200'];

// Wires up one carousel ([data-carousel]); the returned function undoes it.
export function attachTestimonialCarousel(root: HTMLElement): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const list = root.querySelector<HTMLElement>('[data-carousel-list]');
  const items = [...root.querySelectorAll<HTMLElement>('[data-carousel-item]')];
  const dots = [...root.querySelectorAll<HTMLElement>('[data-carousel-dot]')];
  const controls = root.querySelector<HTMLElement>('[data-carousel-controls]');
  const status = root.querySelector<HTMLElement>('[data-carousel-status]');
  const count = items.length;
  let activeIndex = 0;

  function show(index: number) {
    activeIndex = (index + count) % count;
    items.forEach((item, itemIndex) => {
      item.classList.toggle('block', itemIndex === activeIndex);
      item.classList.toggle('hidden', itemIndex !== activeIndex);
    });
    dots.forEach((dot, dotIndex) => {
      const isActive = dotIndex === activeIndex;
      if (isActive) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
      const mark = dot.firstElementChild;
      for (const name of ACTIVE_DOT) mark?.classList.toggle(name, isActive);
      for (const name of INACTIVE_DOT) mark?.classList.toggle(name, !isActive);
    });
    if (status) status.textContent = `Testimonial ${activeIndex + 1} of ${count}`;
  }

  dots.forEach((dot, index) => {
    dot.addEventListener('click', () => show(index), { signal });
  });
  root.querySelector('[data-carousel-previous]')?.addEventListener('click', () => show(activeIndex - 1), { signal });
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(activeIndex + 1), { signal });

  // Arrow keys, Home and End move between testimonials while focus is on the controls.
  controls?.addEventListener(
    'keydown',
    (event) => {
      const moves: Record<string, number> = {
        ArrowLeft: activeIndex - 1,
        ArrowRight: activeIndex + 1,
        Home: 0,
        End: count - 1,
      };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      show(next);
    },
    { signal },
  );

  let touchStartX: number | null = null;
  list?.addEventListener(
    'touchstart',
    (event) => {
      touchStartX = event.touches[0]?.clientX ?? null;
    },
    { signal, passive: true },
  );
  list?.addEventListener(
    'touchend',
    (event) => {
      const start = touchStartX;
      const end = event.changedTouches[0]?.clientX;
      touchStartX = null;
      if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
      show(end < start ? activeIndex + 1 : activeIndex - 1);
    },
    { signal },
  );

  return () => controller.abort();
}
