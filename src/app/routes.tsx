import { Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { markBoot } from '../lib/boot-marks.ts';
import { RequireSession } from './require-session.tsx';
import { RouteFallback } from './layouts/route-fallback.tsx';
import { RouteErrorBoundary } from './layouts/route-error-boundary.tsx';
import { lazyRoute } from './route-chunk.tsx';

type Page = ComponentType;

/** A route's page, loaded with its own chunk on first render; the boot trace notes when the first one is in. */
function route(load: () => Promise<{ default: ComponentType }>): Page {
  return lazyRoute(() =>
    load().then((module) => {
      markBoot('route-chunk');
      return module;
    }),
  );
}

// One lazily loaded chunk per route (docs/product.md §2), so the landing page ships only what it needs.
const LandingPage = route(() => import('../features/landing/landing-page.tsx'));
const AuthPage = route(() => import('../features/auth/auth-page.tsx'));
const ResetPasswordPage = route(() => import('../features/auth/reset-password-page.tsx'));
const ExplorePage = route(() => import('../features/explore/explore-page.tsx'));
const PropertyPage = route(() => import('../features/property/property-page.tsx'));
const PropertyFormPage = route(() => import('../features/host-listing/property-form-page.tsx'));
const RoomFormPage = route(() => import('../features/host-listing/room-form-page.tsx'));
const DashboardPage = route(() => import('../features/dashboard/dashboard-page.tsx'));
const ProfilePage = route(() => import('../features/profile/profile-page.tsx'));
const MessagesPage = route(() => import('../features/messages/messages-page.tsx'));
const OnboardingPage = route(() => import('../features/onboarding/onboarding-page.tsx'));
const HostOnboardingPage = route(() => import('../features/onboarding/host/host-onboarding-page.tsx'));
const BookingConfirmedPage = route(() => import('../features/booking-confirmed/booking-confirmed-page.tsx'));
const NotFoundPage = route(() => import('../features/not-found/not-found-page.tsx'));

function open(Page: Page) {
  return function OpenRoute() {
    return <Page />;
  };
}

/** docs/product.md §6: these screens require sign-in, else /auth (with a redirect back). */
function signedIn(Page: Page) {
  return function SignedInRoute() {
    return (
      <RequireSession>
        <Page />
      </RequireSession>
    );
  };
}

export const routeTable: ReadonlyArray<{ path: string; component: ComponentType }> = [
  { path: '/', component: open(LandingPage) },
  { path: '/auth', component: open(AuthPage) },
  { path: '/auth/reset', component: open(ResetPasswordPage) },
  { path: '/properties', component: open(ExplorePage) },
  { path: '/property/new', component: open(PropertyFormPage) },
  { path: '/property/:id/edit', component: open(PropertyFormPage) },
  { path: '/property/:id', component: open(PropertyPage) },
  { path: '/room/new', component: open(RoomFormPage) },
  { path: '/dashboard', component: signedIn(DashboardPage) },
  { path: '/profile', component: signedIn(ProfilePage) },
  { path: '/messages', component: signedIn(MessagesPage) },
  { path: '/onboarding', component: signedIn(OnboardingPage) },
  { path: '/host-onboarding', component: signedIn(HostOnboardingPage) },
  { path: '/booking-confirmed', component: signedIn(BookingConfirmedPage) },
];

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<RouteFallback />}>
        <Switch>
          {routeTable.map(({ path, component }) => (
            <Route key={path} path={path} component={component} />
          ))}
          <Route component={open(NotFoundPage)} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
