// The public header's menus, as plain DOM code: the prerendered pages run it without React (decision 005),
// and SiteHeader runs the same code on the markup it renders in the portal's app. Each disclosure button
// names its panel with aria-controls; data-open-class lists the classes it wears while open, and a
// [data-chevron] inside it turns over.

function setOpen(button: HTMLElement, isOpen: boolean) {
  button.setAttribute('aria-expanded', String(isOpen));
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (panel) panel.hidden = !isOpen;
  for (const name of (button.dataset.openClass ?? '').split(' ').filter(Boolean)) {
    button.classList.toggle(name, isOpen);
  }
  button.querySelector('[data-chevron]')?.classList.toggle('rotate-180', isOpen);
}

const isOpen = (button: HTMLElement) => button.getAttribute('aria-expanded') === 'true';

// The desktop Services menu: a disclosure of links (the WAI pattern for site navigation), operable by
// keyboard, mouse and touch; Escape, following a link or leaving it closes it.
function attachServicesMenu(container: HTMLElement, signal: AbortSignal) {
  const button = container.querySelector<HTMLElement>('button[aria-controls]');
  if (!button) return;
  const close = () => setOpen(button, false);
  button.addEventListener('click', () => setOpen(button, !isOpen(button)), { signal });
  container.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a')) close();
    },
    { signal },
  );
  const closeOnOutside = (event: Event) => {
    if (isOpen(button) && event.target instanceof Node && !container.contains(event.target)) close();
  };
  document.addEventListener('pointerdown', closeOnOutside, { signal });
  document.addEventListener('focusin', closeOnOutside, { signal });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen(button)) return;
      close();
      button.focus();
    },
    { signal },
  );
}

// The collapsible menu below the lg breakpoint, with its own Services disclosure; following a link in it
// closes it.
function attachMobileMenu(toggle: HTMLElement, signal: AbortSignal) {
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  const services = menu.querySelector<HTMLElement>('button[aria-controls]');
  const show = (isMenuOpen: boolean) => {
    setOpen(toggle, isMenuOpen);
    for (const icon of toggle.querySelectorAll<SVGElement>('[data-menu-icon]')) {
      icon.classList.toggle('hidden', (icon.dataset.menuIcon === 'close') !== isMenuOpen);
    }
    const label = toggle.querySelector('[data-menu-label]');
    if (label) label.textContent = isMenuOpen ? 'Close menu' : 'Open menu';
    if (!isMenuOpen && services) setOpen(services, false);
  };
  toggle.addEventListener('click', () => show(!isOpen(toggle)), { signal });
  services?.addEventListener('click', () => setOpen(services, !isOpen(services)), { signal });
  menu.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a')) show(false);
    },
    { signal },
  );
}

// Wires up the header's menus; the returned function undoes it.
export function attachHeaderMenus(header: HTMLElement): () => void {
  const controller = new AbortController();
  const servicesMenu = header.querySelector<HTMLElement>('[data-services-menu]');
  if (servicesMenu) attachServicesMenu(servicesMenu, controller.signal);
  const toggle = header.querySelector<HTMLElement>('[data-menu-toggle]');
  if (toggle) attachMobileMenu(toggle, controller.signal);
  return () => controller.abort();
}
