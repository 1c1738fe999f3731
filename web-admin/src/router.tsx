import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './components/AdminLayout/AdminLayout';
import { AdminGate } from './pages/auth/AdminGate';

const StartPage = lazy(() => import('./pages/start/StartPage'));
const OverviewPage = lazy(() => import('./pages/overview/OverviewPage'));
const RentersPage = lazy(() => import('./pages/renter/RentersPage'));
const RenterPage = lazy(() => import('./pages/renter/RenterPage'));
const ApartmentsPage = lazy(() => import('./pages/manage/ApartmentsPage'));
const SemesterPage = lazy(() => import('./pages/manage/SemesterPage'));
const ErasurePage = lazy(() => import('./pages/erasure/ErasurePage'));
const WaitlistPage = lazy(() => import('./pages/manage/WaitlistPage'));

/** The admin routes, relative to the router's basename /admin. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route
        element={
          <AdminGate>
            <AdminLayout />
          </AdminGate>
        }
      >
        <Route index element={<StartPage />} />
        <Route path="overview" element={<OverviewPage />} />
        <Route path="mieter" element={<RentersPage />}>
          <Route path=":id/*" element={<RenterPage />} />
        </Route>
        <Route path="verwalten/apartments" element={<ApartmentsPage />} />
        <Route path="verwalten/semester" element={<SemesterPage />} />
        <Route path="loeschantraege" element={<ErasurePage />} />
        <Route path="verwalten/warteliste" element={<WaitlistPage />} />
        <Route path="verwalten/*" element={<Navigate to="/verwalten/semester" replace />} />
        <Route path="*" element={<Navigate to="/overview" replace />} />
      </Route>
    </Routes>
  );
}
