import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { routes } from '../app/router';

/** Renders the real route table at `path`, as the browser would after navigation. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...utils };
}

/** A syntactically valid JWT that expires in an hour (the client only reads `exp`). */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600) {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', tipo: 'cliente', exp: expSeconds })}.sig`;
}
