import { ChevronDownIcon, MenuIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '~/client/components/logo';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { cn } from '~/client/lib/cn';
import { paths } from '~/shared/routes';
import { ServicesMenu } from './services-menu';
import { primaryLinks, serviceLinks } from './site-navigation';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

export function SiteHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isServicesOpen, setIsServicesOpen] = useState(false);
  const menuId = useId();
  const servicesId = useId();

  // Following a link in the mobile menu closes it.
  function closeMenu() {
    setIsMenuOpen(false);
    setIsServicesOpen(false);
  }

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <ServicesMenu />
          {primaryLinks.map((link) => (
            <NavLink key={link.href} to={link.href} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <Link to={paths.login.getHref()} className={cn(buttonVariants(), 'ml-2')}>
            Login
          </Link>
        </nav>

        <button
          type="button"
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          <span className="sr-only">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>

      <nav
        id={menuId}
        aria-label="Main"
        hidden={!isMenuOpen}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-4 md:hidden"
      >
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left font-medium"
          aria-expanded={isServicesOpen}
          aria-controls={servicesId}
          onClick={() => setIsServicesOpen((open) => !open)}
        >
          Services
          <ChevronDownIcon
            className={cn('size-4 transition-transform', isServicesOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
        <ul id={servicesId} hidden={!isServicesOpen} className="mb-2 border-l border-border pl-3">
          <li>
            <Link
              onClick={closeMenu}
              to={paths.services.getHref()}
              className="block rounded-md px-3 py-2 text-sm font-semibold"
            >
              All Services
            </Link>
          </li>
          {serviceLinks.map((service) => (
            <li key={service.href}>
              <Link
                onClick={closeMenu}
                to={service.href}
                className="block rounded-md px-3 py-2 text-sm text-muted-foreground"
              >
                {service.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul>
          {primaryLinks.map((link) => (
            <li key={link.href}>
              <Link onClick={closeMenu} to={link.href} className="block rounded-md px-3 py-3 font-medium">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link onClick={closeMenu} to={paths.login.getHref()} className={cn(buttonVariants(), 'mt-2 w-full')}>
          Login
        </Link>
      </nav>
    </header>
  );
}
