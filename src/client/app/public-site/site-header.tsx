import { ChevronDownIcon, MenuIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '~/client/components/logo';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { cn } from '~/client/lib/cn';
import { getStartedHref, paths } from '~/shared/routes';
import { attachHeaderMenus } from './header-menus';
import { ServicesMenu } from './services-menu';
import { primaryLinks, serviceLinks } from './site-navigation';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

// Drawn with its menus closed: header-menus.ts opens and closes them, the same code on the prerendered pages
// (which load no React, decision 005) and here in the app.
export function SiteHeader() {
  const headerRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const servicesId = useId();
  useEffect(() => (headerRef.current ? attachHeaderMenus(headerRef.current) : undefined), []);

  return (
    <header
      ref={headerRef}
      data-site-header
      className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />

        {/* From 1024 px: narrower, the links wrapped onto two lines (768 px), so tablets get the menu too. */}
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <ServicesMenu />
          {primaryLinks.map((link) => (
            <NavLink key={link.href} to={link.href} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <Link to={paths.login.getHref()} className={cn(buttonVariants({ variant: 'outline' }), 'ml-2')}>
            Login
          </Link>
          <Link to={getStartedHref} className={buttonVariants()}>
            Get Started
          </Link>
        </nav>

        <button
          type="button"
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'lg:hidden')}
          aria-expanded={false}
          aria-controls={menuId}
          data-menu-toggle
        >
          <MenuIcon data-menu-icon="open" aria-hidden="true" />
          <XIcon data-menu-icon="close" className="hidden" aria-hidden="true" />
          <span data-menu-label className="sr-only">
            Open menu
          </span>
        </button>
      </div>

      <nav
        id={menuId}
        aria-label="Main"
        hidden
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-4 lg:hidden"
      >
        <button
          type="button"
          className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left font-medium"
          aria-expanded={false}
          aria-controls={servicesId}
        >
          Services
          <ChevronDownIcon data-chevron className="size-4 transition-transform" aria-hidden="true" />
        </button>
        <ul id={servicesId} hidden className="mb-2 border-l border-border pl-3">
          <li>
            <Link to={paths.services.getHref()} className="block rounded-md px-3 py-2 text-sm font-semibold">
              All Services
            </Link>
          </li>
          {serviceLinks.map((service) => (
            <li key={service.href}>
              <Link to={service.href} className="block rounded-md px-3 py-2 text-sm text-muted-foreground">
                {service.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul>
          {primaryLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="block rounded-md px-3 py-3 font-medium">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <Link to={getStartedHref} className={cn(buttonVariants(), 'mt-2 w-full')}>
          Get Started
        </Link>
        <Link to={paths.login.getHref()} className={cn(buttonVariants({ variant: 'outline' }), 'mt-2 w-full')}>
          Login
        </Link>
      </nav>
    </header>
  );
}
