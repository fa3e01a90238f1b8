import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import './styles/global.css';

// zod (loaded later, with the forms) probes `new Function` to compile faster parsers; under our CSP
// (no 'unsafe-eval') Chromium reports that probe as a violation even though zod catches it. The
// browser parses a few small objects: no compiled parsers. zod reads this shared config object.
Object.assign(((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {}), { jitless: true });

// The first render is a transition, so React draws the page in slices of a few milliseconds and a
// phone's main thread is never held for long (a profile's first render was one ~300 ms task on a 4x
// slowed CPU; Lighthouse's total blocking time on a mobile profile 330 -> 80-130 ms, docs/decisions/0007).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
