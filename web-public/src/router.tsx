import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ApolloScope } from './apollo';
import { AppLayout } from './components/Layout/AppLayout';
import { RouteError } from './components/RouteError/RouteError';

// Every screen is its own chunk: the first load carries only the shell.
const Step1 = lazy(() => import('./pages/booking/Step1'));
const Step2 = lazy(() => import('./pages/booking/Step2'));
const Step2Done = lazy(() => import('./pages/booking/Step2Done'));
const Step3 = lazy(() => import('./pages/booking/Step3'));
const Step3Done = lazy(() => import('./pages/booking/Step3Done'));
const Step3Failed = lazy(() => import('./pages/booking/Step3Failed'));
const Step4 = lazy(() => import('./pages/booking/Step4'));
const Step4Done = lazy(() => import('./pages/booking/Step4Done'));
const Step5 = lazy(() => import('./pages/booking/Step5'));
const Step5Done = lazy(() => import('./pages/booking/Step5Done'));
const Success = lazy(() => import('./pages/booking/Success'));
const Extend = lazy(() => import('./pages/booking/Extend'));
const RenewalAccepted = lazy(() => import('./pages/booking/RenewalAccepted'));
const RenewalDeclined = lazy(() => import('./pages/booking/RenewalDeclined'));
const MyBooking = lazy(() => import('./pages/booking/MyBooking'));
const WaitlistConfirm = lazy(() => import('./pages/booking/WaitlistConfirm'));
const Sandbox = lazy(() => import('./pages/sandbox/Sandbox'));
const Legal = lazy(() => import('./pages/legal/Legal'));

const toStep1 = <Navigate to="/booking/step1" replace />;

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
      {
        path: 'booking',
        children: [
          { index: true, element: toStep1 },
          { path: 'step1', element: <Step1 /> },
          { path: 'step2', element: <Step2 /> },
          {
            // Step1 and step2, the pages students arrive on, do without Apollo Client; the others bring it.
            element: <ApolloScope />,
            children: [
              { path: 'step2done', element: <Step2Done /> },
              { path: 'step3', element: <Step3 /> },
              { path: 'step3done', element: <Step3Done /> },
              { path: 'step3failed', element: <Step3Failed /> },
              { path: 'step4', element: <Step4 /> },
              { path: 'step4done', element: <Step4Done /> },
              { path: 'step5', element: <Step5 /> },
              { path: 'step5done', element: <Step5Done /> },
              { path: 'success', element: <Success /> },
              { path: 'extend', element: <Extend /> },
              { path: 'renewal-accepted', element: <RenewalAccepted /> },
              { path: 'renewal-declined', element: <RenewalDeclined /> },
              // "Meine Buchung": the renter's own page, opened with the link in every mail.
              { path: 'my-booking', element: <MyBooking /> },
              // The waitlist's confirmation link.
              { path: 'waitlist-confirm', element: <WaitlistConfirm /> },
            ],
          },
          { path: '*', element: toStep1 },
        ],
      },
      { path: 'sandbox', element: <Sandbox /> },
      // Impressum, Datenschutzerklärung, Nutzungsbedingungen (legal/imprint, legal/privacy, legal/terms).
      { path: 'legal/:page', element: <Legal /> },
      // /admin/* belongs to the admin app, which the gateway serves itself.
      { path: '*', element: toStep1 },
        ],
      },
    ],
  },
];
