import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { Spinner } from '../Spinner/Spinner';

export function AppLayout() {
  return (
    <div className="app">
      <Header />
      <main className="app-main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
