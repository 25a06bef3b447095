import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { initialLocationAction } from './lib/initial-location';

const action = initialLocationAction(window.location);
if (action.kind === 'redirect') {
  window.location.replace(action.url);
} else {
  if (action.kind === 'replace') window.history.replaceState(null, '', action.path);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}
