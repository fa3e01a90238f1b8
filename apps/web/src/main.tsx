import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import './styles/global.css';

// zod (loaded later, with the forms) probes `new Function` to compile faster parsers; under our CSP
// (no 'unsafe-eval') Chromium reports that probe as a violation even though zod catches it. The
// browser parses a few small objects: no compiled parsers. zod reads this shared config object.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
